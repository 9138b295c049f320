import { silentLogger } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers/database.ts";
import { eventually } from "../../../test/helpers/webhook-receiver.ts";
import { loadConfig } from "../src/config.ts";
import { createMarketplaceHost } from "../src/host/compose.ts";
import { nodeRuntime } from "../src/host/node.ts";
import { createReleasers, withReleasers } from "../src/host/releasers.ts";
import type { HostRuntime } from "../src/host/runtime.ts";

describe("the releaser stack", () => {
  it("releases last in, first out, runs every step when one fails, and throws the first failure", async () => {
    const order: string[] = [];
    const failures: string[] = [];
    const releasers = createReleasers((name) => failures.push(name));
    releasers.add("pool", () => order.push("pool"));
    releasers.add("worker", () => {
      order.push("worker");
      throw new Error("worker would not stop");
    });
    releasers.add("listener", async () => {
      order.push("listener");
      throw new Error("listener would not close");
    });
    expect(releasers.names).toEqual(["pool", "worker", "listener"]);
    await expect(releasers.release()).rejects.toThrow("listener would not close");
    expect(order).toEqual(["listener", "worker", "pool"]);
    expect(failures).toEqual(["listener", "worker"]);
    // Once: a second stop neither runs the steps again nor accepts new ones.
    await expect(releasers.release()).rejects.toThrow("listener would not close");
    expect(order).toHaveLength(3);
    expect(() => releasers.add("late", () => {})).toThrow(/already released/);
  });

  it("returns the acquired value from add, and withReleasers releases what a failed start acquired", async () => {
    const order: string[] = [];
    const failed = withReleasers(async (releasers) => {
      const a = releasers.add("a", () => order.push("a"), 1);
      const b = releasers.add("b", () => order.push("b"), 2);
      expect(a + b).toBe(3);
      throw new Error("step 3 failed");
    });
    await expect(failed).rejects.toThrow("step 3 failed");
    expect(order).toEqual(["b", "a"]);
    // A start that succeeds keeps its stack for the caller.
    const kept = await withReleasers(async (releasers) => {
      releasers.add("c", () => order.push("c"));
      return releasers;
    });
    expect(order).toEqual(["b", "a"]);
    await kept.release();
    expect(order).toEqual(["b", "a", "c"]);
  });
});

describe("createMarketplaceHost", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });

  const rawConfig = () => ({
    DATABASE_URL: database.url,
    PORT: "0",
    HOST: "127.0.0.1",
    MARKETPLACE_SEED: "false",
    MARKETPLACE_METRICS_PORT: "0",
  });
  const config = () => loadConfig(rawConfig());
  const hostConnections = async () => {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and application_name = 'marketplace-server'
    `.execute(database.db);
    return rows[0]?.n;
  };
  /** A backend goes from pg_stat_activity a moment after its client disconnected. */
  const noConnectionLeft = () => eventually(async () => ((await hostConnections()) === 0 ? true : undefined), 5000);

  it("releases everything acquired, newest first, when a step of the start fails (the listener here)", async () => {
    const released: string[] = [];
    const logger = {
      ...silentLogger,
      debug: (msg: string, fields?: Record<string, unknown>) => {
        if (msg === "released") released.push(fields?.step as string);
      },
    };
    let metricsClosed = false;
    const failing: HostRuntime = {
      name: "failing",
      clientIp: () => "127.0.0.1",
      listen: async () => {
        // Everything before the listener is up: the worker holds connections now.
        expect(await hostConnections()).toBeGreaterThan(0);
        throw Object.assign(new Error("listen EADDRINUSE: address already in use"), { code: "EADDRINUSE" });
      },
      serveMetrics: async () => ({
        port: 9999,
        close: async () => {
          metricsClosed = true;
        },
      }),
    };
    await expect(createMarketplaceHost(config(), failing, { logger, version: "0.0.0-test" })).rejects.toThrow(
      /EADDRINUSE/,
    );
    expect(released).toEqual([
      "metrics listener",
      "webhook attempt feed",
      "api key change feed",
      "delivery worker",
      "database",
    ]);
    expect(metricsClosed).toBe(true);
    expect(await noConnectionLeft()).toBe(true);
  });

  it("refuses, before acquiring anything, each setting the runtime cannot honour", async () => {
    const refusing: HostRuntime = {
      ...nodeRuntime,
      unsupported: (c) => (c.databaseReadUrl ? [] : ["DATABASE_READ_URL: required here (a test runtime)"]),
    };
    await expect(createMarketplaceHost(config(), refusing, { logger: silentLogger, version: "0" })).rejects.toThrow(
      "invalid configuration:\n  DATABASE_READ_URL: required here (a test runtime)",
    );
    expect(await noConnectionLeft()).toBe(true);
  });

  it("starts on Node and stops through the same stack: /ready, then no connection left", async () => {
    const host = await createMarketplaceHost(config(), nodeRuntime, { logger: silentLogger, version: "0" });
    const ready = await fetch(`${host.url.replace("localhost", "127.0.0.1")}/ready`);
    expect(ready.status).toBe(200);
    expect((await fetch(host.metricsUrl as string)).status).toBe(200);
    await host.stop();
    await host.stop(); // idempotent
    expect(await noConnectionLeft()).toBe(true);
  });
  it("serves an OpenAPI document stating its own retention window (ADR-0079)", async () => {
    const host = await createMarketplaceHost(
      loadConfig({ ...rawConfig(), MARKETPLACE_EVENT_RETENTION_DAYS: "9" }),
      nodeRuntime,
      { logger: silentLogger, version: "0" },
    );
    try {
      const document = await (await fetch(`${host.url.replace("localhost", "127.0.0.1")}/openapi.json`)).json();
      expect(document.paths["/provider/events"].get.description).toContain("within the retention window (9 days)");
      expect(document.paths["/provider/webhooks/{id}/recover"].post.description).toContain(
        "(inside the retention window, 9 days)",
      );
    } finally {
      await host.stop();
    }
    expect(await noConnectionLeft()).toBe(true);
  });
});

import { PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createMarketplace, type Repositories, silentLogger, type UnitOfWork } from "@marketplace/core";
import { generateApiKey } from "@marketplace/core/teams";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { createErrorHandler } from "./errors.ts";
import { traceUseCases } from "./trace-use-cases.ts";

// A request that meets a database restarting or failing over is answered 503 with Retry-After (the
// spec lists 503 as retryable), not 500, and is not logged as an error. The app does not know the
// driver's errors: it asks its marketplace, which asks the unit of work (ADR-0083). Here that is the
// PostgreSQL adapter's, over a database it never reaches.
const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: {} as never }) });

function appThrowing(error: Error) {
  const app = new Hono();
  const lines: { level: string; message: string }[] = [];
  const logger = {
    ...silentLogger,
    warn: (message: string) => lines.push({ level: "warn", message }),
    error: (message: string) => lines.push({ level: "error", message }),
  };
  app.onError(createErrorHandler(logger, (error) => marketplace.isStoreUnavailable(error)));
  app.get("/x", () => {
    throw error;
  });
  return { app, lines };
}

describe("database unavailable", () => {
  it.each([
    Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
    Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
    new Error("Connection terminated unexpectedly"),
    Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "08006" }) }),
  ])("answers 503 with Retry-After for %s", async (error) => {
    const { app, lines } = appThrowing(error);
    const res = await app.request("/x");
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toEqual({
      statusCode: 503,
      message: "Service temporarily unavailable: the database is not reachable; retry",
      error: "Service Unavailable",
    });
    expect(lines).toEqual([{ level: "warn", message: "request failed: database unavailable" }]);
  });

  it("keeps 500 for everything else, logged as an error", async () => {
    const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(marketplace.isStoreUnavailable(unique)).toBe(false);
    const { app, lines } = appThrowing(new Error("boom"));
    const res = await app.request("/x");
    expect(res.status).toBe(500);
    expect(lines.map((line) => line.level)).toEqual(["error"]);
  });
});

describe("createApp asks its marketplace", () => {
  const lost = Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" });
  /** A unit of work whose every repository fails with `lost`; `isUnavailable` as given. */
  function unreachable(isUnavailable?: (error: unknown) => boolean): UnitOfWork {
    const failing = new Proxy({}, { get: () => async () => Promise.reject(lost) });
    return {
      repositories: new Proxy({} as Repositories, { get: () => failing }),
      transaction: async () => Promise.reject(lost),
      ...(isUnavailable && { isUnavailable }),
    };
  }
  async function statusOf(unitOfWork: UnitOfWork, traced = false) {
    const market = createMarketplace({ unitOfWork });
    const app = createApp({ marketplace: traced ? traceUseCases(market) : market, checkHealth: async () => {} });
    const { key } = await generateApiKey();
    const res = await app.request("/provider/offers", { headers: { "x-api-key": key } });
    return [res.status, res.headers.get("retry-after")];
  }

  it("answers 503 when the unit of work says its store is unavailable, traced or not", async () => {
    const postgres = new PostgresUnitOfWork({ db: {} as never });
    expect(await statusOf(unreachable((error) => postgres.isUnavailable(error)))).toEqual([503, "1"]);
    expect(
      await statusOf(
        unreachable((error) => postgres.isUnavailable(error)),
        true,
      ),
    ).toEqual([503, "1"]);
  });

  it("answers 500 when the unit of work cannot tell (no isUnavailable)", async () => {
    expect(await statusOf(unreachable())).toEqual([500, null]);
  });
});

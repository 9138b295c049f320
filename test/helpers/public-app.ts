import { randomUUID } from "node:crypto";
import { createDatabase, createPool, PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import { type Clock, createMarketplace, type Marketplace } from "@marketplace/core";
import { type AppOptions, createApp } from "@marketplace/http";
import type { TestApp } from "./app.ts";

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  private time: number;
  constructor(start: string | Date) {
    this.time = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.time);
  }
  /** Moves to an instant. */
  set(at: string | Date): void {
    this.time = new Date(at).getTime();
  }
  /** Moves forward by `ms`. */
  advance(ms: number): void {
    this.time += ms;
  }
}

/** The header the test app reads as the request's socket address (a stand-in for the host's getConnInfo). */
export const PEER_HEADER = "x-test-peer-address";

/** An app for public requests over a test app's database, as a second server process would run it. */
export interface PublicApp {
  marketplace: Marketplace;
  /**
   * Sends a request from a client address (the socket peer): `peer` (default a fresh random address, so
   * a test's requests never share a rate-limit window unless it says so).
   */
  request(
    method: string,
    path: string,
    options?: { body?: unknown; peer?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh documentation address (TEST-NET-3 and friends), different on each call. */
export function randomPeer(): string {
  counter += 1;
  return `203.0.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

/**
 * Builds another app over `t`'s database, with its own pool (its own "process"), clock and proxy
 * settings; the socket address comes from the `PEER_HEADER` header.
 */
export function createPublicApp(
  t: TestApp,
  options: { clock?: Clock; trustProxyHops?: number; clientIp?: boolean; app?: Partial<AppOptions> } = {},
): PublicApp {
  const pool = createPool({ connectionString: t.database.url, max: 5 });
  const db = createDatabase(pool);
  const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db }), clock: options.clock });
  const app = createApp({
    marketplace,
    checkHealth: () => pingDatabase(db),
    trustProxyHops: options.trustProxyHops,
    clientIp: options.clientIp === false ? undefined : (c) => c.req.header(PEER_HEADER),
    ...options.app,
  });
  return {
    marketplace,
    async request(method, path, { body, peer, headers = {} } = {}) {
      const init: RequestInit = { method, headers: { [PEER_HEADER]: peer ?? randomPeer(), ...headers } };
      if (body !== undefined) {
        (init.headers as Record<string, string>)["content-type"] = "application/json";
        init.body = typeof body === "string" ? body : JSON.stringify(body);
      }
      return app.request(path, init);
    },
    close: () => db.destroy(),
  };
}

/** Creates and publishes an internet offer (fields overridable) and returns it as the provider sees it. */
export async function publishOffer(
  t: TestApp,
  key: string,
  body: Record<string, unknown> = {},
): Promise<{ id: string; name: string; [field: string]: unknown }> {
  const created = await t.request("POST", "/provider/offers", {
    key,
    body: {
      name: "Fiber 500",
      sku: `SKU-${randomUUID()}`,
      serviceType: "internet",
      monthlyPrice: "49.99",
      commission: "30.00",
      internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
      ...body,
    },
  });
  if (created.status !== 201) throw new Error(`offer not created: ${created.status} ${await created.text()}`);
  const offer = await created.json();
  const published = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key });
  if (published.status !== 200) throw new Error(`offer not published: ${published.status} ${await published.text()}`);
  return published.json();
}

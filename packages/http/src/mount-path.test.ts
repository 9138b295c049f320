import { createMarketplace, type Repositories, type UnitOfWork } from "@marketplace/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createApp } from "./app.ts";

// A host serving the app under a prefix of its own (Hono's mount strips it): the app's links, its
// docs page and its OpenAPI servers must name the prefix. No database is needed for these routes.

const unitOfWork: UnitOfWork = {
  repositories: new Proxy({} as Repositories, {
    get() {
      throw new Error("no database in this test");
    },
  }),
  transaction: async () => {
    throw new Error("no database in this test");
  },
};
const marketplace = createMarketplace({ unitOfWork });

function mounted() {
  const app = createApp({ marketplace, checkHealth: async () => {}, mountPath: "/marketplace" });
  const host = new Hono();
  host.get("/", (c) => c.text("the host's own page"));
  host.mount("/marketplace", app.fetch);
  return host;
}

describe("createApp({ mountPath })", () => {
  it("serves every route under the host's prefix, and its own routes beside it", async () => {
    const host = mounted();
    expect(await (await host.request("/")).text()).toBe("the host's own page");
    const health = await host.request("/marketplace/health");
    expect([health.status, await health.json()]).toEqual([200, { status: "ok", database: "up" }]);
    const unauthenticated = await host.request("/marketplace/provider/offers");
    expect(unauthenticated.status).toBe(401);
    expect(await unauthenticated.json()).toMatchObject({ statusCode: 401 });
  });

  it("links, docs page and OpenAPI servers name the prefix", async () => {
    const host = mounted();
    expect(await (await host.request("/marketplace/")).json()).toMatchObject({
      docs: "/marketplace/docs",
      openapi: "/marketplace/openapi.json",
    });
    expect(await (await host.request("/marketplace/docs")).text()).toContain('"/marketplace/openapi.json"');
    const doc = (await (await host.request("/marketplace/openapi.json")).json()) as {
      servers: { url: string }[];
      paths: Record<string, unknown>;
    };
    expect(doc.servers).toEqual([{ url: "/marketplace" }]);
    expect(Object.keys(doc.paths)).toContain("/provider/offers");
  });

  it("keeps the unprefixed links by default", async () => {
    const app = createApp({ marketplace, checkHealth: async () => {} });
    expect(await (await app.request("/")).json()).toMatchObject({ docs: "/docs", openapi: "/openapi.json" });
    expect(((await (await app.request("/openapi.json")).json()) as { servers: unknown }).servers).toEqual([
      { url: "/" },
    ]);
  });

  it.each(["marketplace", "/marketplace/", "/", "/a b"])("rejects mountPath %j", (mountPath) => {
    expect(() => createApp({ marketplace, checkHealth: async () => {}, mountPath })).toThrow(/mountPath/);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createApp } from "./app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /", () => {
  it("answers the service name, version and documentation links", async () => {
    const res = await t.request("GET", "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      name: "marketplace-service",
      version: "0.1.0",
      docs: "/docs",
      openapi: "/openapi.json",
    });
  });

  it("shows the name and version the host configures", async () => {
    const app = createApp({
      marketplace: t.marketplace,
      checkHealth: async () => {},
      service: { name: "acme-marketplace", version: "9.8.7" },
    });
    const res = await app.request("/");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      name: "acme-marketplace",
      version: "9.8.7",
      docs: "/docs",
      openapi: "/openapi.json",
    });
  });

  it("needs no API key, and ignores one that is invalid", async () => {
    const res = await t.request("GET", "/", { key: "mk_invalid" });
    expect(res.status).toBe(200);
  });
});

describe("GET /health", () => {
  it("answers ok when the database answers", async () => {
    const res = await t.request("GET", "/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers 503 without detail when the database check fails", async () => {
    const secret = "connect ECONNREFUSED 10.1.2.3:5432 password=hunter2";
    const app = createApp({
      marketplace: t.marketplace,
      checkHealth: async () => {
        throw new Error(secret);
      },
    });
    const res = await app.request("/health");
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 503,
      message: "Database unavailable",
      error: "Service Unavailable",
    });
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("ECONNREFUSED");
  });

  it("answers 503 when the check rejects with something other than an Error", async () => {
    const app = createApp({ marketplace: t.marketplace, checkHealth: () => Promise.reject("down") });
    const res = await app.request("/health");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      statusCode: 503,
      message: "Database unavailable",
      error: "Service Unavailable",
    });
  });

  it("uses the host's check (createTestApp option)", async () => {
    let calls = 0;
    const local = await createTestApp({
      checkHealth: async () => {
        calls += 1;
        throw new Error("down");
      },
    });
    try {
      const res = await local.request("GET", "/health");
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        statusCode: 503,
        message: "Database unavailable",
        error: "Service Unavailable",
      });
      expect(calls).toBe(1);
    } finally {
      await local.close();
    }
  });
});

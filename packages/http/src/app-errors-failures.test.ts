import type { LogFields, Logger, Marketplace } from "@marketplace/core";
import { describe, expect, it } from "vitest";
import { key, postOffer, setupErrorsApp, t, UUID_V4 } from "../../../test/helpers/http/app-errors.ts";
import { createApp } from "./app.ts";

setupErrorsApp();

describe("unexpected failures", () => {
  const SECRET = 'password=hunter2 host=10.0.0.7 relation "offers" does not exist';

  function recordingLogger() {
    const lines: Array<{ level: string; message: string; fields?: LogFields }> = [];
    const logger: Logger = {
      debug: (message, fields) => lines.push({ level: "debug", message, ...(fields ? { fields } : {}) }),
      info: (message, fields) => lines.push({ level: "info", message, ...(fields ? { fields } : {}) }),
      warn: (message, fields) => lines.push({ level: "warn", message, ...(fields ? { fields } : {}) }),
      error: (message, fields) => lines.push({ level: "error", message, ...(fields ? { fields } : {}) }),
    };
    return { logger, lines };
  }

  /** An app over the real marketplace but for one offers method that fails with `thrown`. */
  function appWhoseListThrows(thrown: () => unknown, logger?: Logger) {
    const marketplace: Marketplace = {
      ...t.marketplace,
      offers: {
        ...t.marketplace.offers,
        list: async () => {
          throw thrown();
        },
      },
    };
    return createApp({ marketplace, checkHealth: async () => {}, ...(logger ? { logger } : {}) });
  }

  it("answers 500 with a generic envelope that leaks nothing, and logs the cause", async () => {
    class DatabaseExploded extends Error {
      override name = "DatabaseExploded";
    }
    const { logger, lines } = recordingLogger();
    const app = appWhoseListThrows(() => new DatabaseExploded(SECRET), logger);
    const res = await app.request("/provider/offers", { headers: { "x-api-key": key, "x-request-id": "req-500" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-500");
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      message: "Internal server error",
      error: "Internal Server Error",
    });
    expect(text).not.toContain("hunter2");
    expect(text).not.toContain("DatabaseExploded");
    expect(text).not.toContain("at ");

    const failure = lines.find((line) => line.message === "request failed");
    expect(failure).toMatchObject({
      level: "error",
      fields: { requestId: "req-500", method: "GET", path: "/provider/offers", error: SECRET },
    });
    expect(lines.find((line) => line.message === "request")).toMatchObject({
      level: "error",
      fields: { requestId: "req-500", status: 500 },
    });
  });

  it("answers 500 with the envelope when something other than an Error is thrown", async () => {
    for (const thrown of [() => SECRET, () => ({ secret: SECRET }), () => Object.create(null), () => undefined]) {
      const app = appWhoseListThrows(thrown);
      const res = await app.request("/provider/offers", { headers: { "x-api-key": key } });
      expect(res.status).toBe(500);
      expect(res.headers.get("x-request-id")).toMatch(UUID_V4);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({
        statusCode: 500,
        message: "Internal server error",
        error: "Internal Server Error",
      });
      expect(text).not.toContain("hunter2");
    }
  });

  it("answers 500 when authentication itself fails unexpectedly", async () => {
    const marketplace: Marketplace = {
      ...t.marketplace,
      auth: {
        ...t.marketplace.auth,
        authenticate: async () => {
          throw new Error(SECRET);
        },
      },
    };
    const app = createApp({ marketplace, checkHealth: async () => {} });
    const res = await app.request("/provider/offers", { headers: { "x-api-key": key } });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      statusCode: 500,
      message: "Internal server error",
      error: "Internal Server Error",
    });
    expect(text).not.toContain("hunter2");
  });
});

describe("x-request-id", () => {
  it("assigns a fresh UUID to every response when none is sent", async () => {
    const first = await t.request("GET", "/health");
    const second = await t.request("GET", "/health");
    expect(first.headers.get("x-request-id")).toMatch(UUID_V4);
    expect(second.headers.get("x-request-id")).toMatch(UUID_V4);
    expect(first.headers.get("x-request-id")).not.toBe(second.headers.get("x-request-id"));
  });

  it("echoes a sane incoming id", async () => {
    for (const id of ["abc-123", "trace.id:42_x", "a".repeat(128)]) {
      const res = await t.request("GET", "/health", { headers: { "x-request-id": id } });
      expect(res.headers.get("x-request-id")).toBe(id);
    }
  });

  it("replaces an incoming id that is not sane", async () => {
    for (const id of ["has space", "<script>", "a".repeat(129), "semi;colon", 'quote"d', "new%0Aline"]) {
      const res = await t.request("GET", "/health", { headers: { "x-request-id": id } });
      expect(res.headers.get("x-request-id"), id).toMatch(UUID_V4);
    }
  });

  it("is present on error responses too", async () => {
    const notFound = await t.request("GET", "/nope", { headers: { "x-request-id": "req-404" } });
    expect(notFound.headers.get("x-request-id")).toBe("req-404");
    const unauthorized = await t.request("GET", "/provider/offers", { headers: { "x-request-id": "req-401" } });
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get("x-request-id")).toBe("req-401");
    const invalid = await postOffer({ foo: 1 }, { "x-request-id": "req-400" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("x-request-id")).toBe("req-400");
    const tooLarge = await postOffer(
      { name: "x".repeat(1024 * 1024), serviceType: "tv" },
      { "x-request-id": "req-413" },
    );
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("x-request-id")).toBe("req-413");
  });
});

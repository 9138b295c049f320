import { isDatabaseUnavailable, silentLogger } from "@marketplace/core";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createErrorHandler } from "./errors.ts";

// A request that meets a database restarting or failing over is answered 503 with Retry-After (the
// spec lists 503 as retryable), not 500, and is not logged as an error.

function appThrowing(error: Error) {
  const app = new Hono();
  const lines: { level: string; message: string }[] = [];
  const logger = {
    ...silentLogger,
    warn: (message: string) => lines.push({ level: "warn", message }),
    error: (message: string) => lines.push({ level: "error", message }),
  };
  app.onError(createErrorHandler(logger));
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
    expect(isDatabaseUnavailable(unique)).toBe(false);
    const { app, lines } = appThrowing(new Error("boom"));
    const res = await app.request("/x");
    expect(res.status).toBe(500);
    expect(lines.map((line) => line.level)).toEqual(["error"]);
  });
});

import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPENAPI_COMMAND, OPENAPI_FILE, serialize, servedOpenApiDocument } from "../scripts/openapi.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";

// The committed openapi.json is the document the code serves: a route, schema or description changed
// without regenerating the file fails here, with the command that regenerates it.

/** The first JSON path where two values differ, to say where the file is stale. */
function firstDifference(a: unknown, b: unknown, path = "$"): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      const found = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      );
      if (found) return found;
    }
  }
  return path;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("openapi.json", () => {
  it("is the document the code serves, byte for byte", async () => {
    const served = await servedOpenApiDocument();
    const file = readFileSync(OPENAPI_FILE, "utf8");
    if (serialize(served) !== file) {
      const where = firstDifference(served, JSON.parse(file));
      expect.fail(
        `openapi.json differs from the document the code serves (first at ${where}): run \`${OPENAPI_COMMAND}\``,
      );
    }
  });

  it("is what an app over a real database serves too, but for the version", async () => {
    const res = await t.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    const live = (await res.json()) as { info: { version: string } };
    const file = JSON.parse(readFileSync(OPENAPI_FILE, "utf8")) as { info: { version: string } };
    live.info.version = file.info.version;
    expect(firstDifference(live, file)).toBeNull();
  });
});

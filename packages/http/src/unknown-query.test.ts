import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../../../test/helpers/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const METHODS = ["get", "post", "put", "patch", "delete"];

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown };
}

/**
 * "Unknown query parameter: rejected with 400", on every documented operation: routes are declared
 * through one `createRoute` that gives each a strict query schema, so none can forget it.
 */
describe("unknown query parameters", () => {
  it("are a 400 in the error envelope on every operation of the OpenAPI document", async () => {
    const { apiKey } = await t.createTeam("hybrid");
    const doc = (await (await t.request("GET", "/openapi.json")).json()) as {
      paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
    };
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item)
        .filter((method) => METHODS.includes(method))
        .map((method) => ({ method: method.toUpperCase(), path, parameters: item[method]?.parameters ?? [] })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const { method, path, parameters } of operations) {
      // Required query parameters get a value (their example), so the unknown one is the only problem.
      const query = new URLSearchParams();
      for (const parameter of parameters) {
        if (parameter.in === "query" && parameter.required) {
          query.set(parameter.name, String(parameter.example ?? parameter.schema?.example ?? "x"));
        }
      }
      query.set("zz", "1");
      const url = `${path.replace(/\{[^}]+\}/g, () => randomUUID())}?${query}`;
      const headers: Record<string, string> = path.startsWith("/admin")
        ? { authorization: `Bearer ${ADMIN_TOKEN}` }
        : {};
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      const res = await t.request(method, url, { key: apiKey, body, headers });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(await res.json(), `${method} ${url}`).toEqual({
        statusCode: 400,
        message: ["property zz should not exist"],
        error: "Bad Request",
      });
    }
  });
});

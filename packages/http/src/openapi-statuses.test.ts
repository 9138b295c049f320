import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_TOKEN, createTestApp, type TestApp } from "../../../test/helpers/app.ts";

/**
 * The OpenAPI document declares every status, and its body, that each operation can answer: every
 * operation is driven into the errors any route can meet (unknown query parameter, body over the
 * limit, wrong content type, missing key, wrong role, unknown id, invalid body), and each answer must
 * be declared with the body it carries.
 */

interface Operation {
  security?: Array<Record<string, string[]>>;
  requestBody?: { content?: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Schema {
  $ref?: string;
  anyOf?: Schema[];
}

const METHODS = ["get", "post", "put", "patch", "delete"];
const ENVELOPE = "#/components/schemas/ErrorEnvelope";
const PUBLISH = "#/components/schemas/PublishValidationError";

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
let keys: { provider: string; reseller: string; hybrid: string };
beforeAll(async () => {
  t = await createTestApp();
  paths = (await (await t.request("GET", "/openapi.json")).json()).paths;
  const [provider, reseller, hybrid] = await Promise.all([
    t.createTeam("provider"),
    t.createTeam("reseller"),
    t.createTeam("hybrid"),
  ]);
  keys = { provider: provider.apiKey, reseller: reseller.apiKey, hybrid: hybrid.apiKey };
});
afterAll(() => t.close());

function operations() {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  );
}

/** The `$ref`s a declared response body may take. */
function declaredBodies(operation: Operation, status: number): string[] {
  const schema = operation.responses[String(status)]?.content?.["application/json"]?.schema;
  if (!schema) return [];
  return schema.$ref ? [schema.$ref] : (schema.anyOf ?? []).map((s) => s.$ref ?? "inline");
}

/** Asserts that `res` is declared for the operation, with a body of a declared shape. */
async function expectDeclared(label: string, operation: Operation, res: Response) {
  const declared = Object.keys(operation.responses);
  expect(declared, `${label} answered ${res.status}, undeclared`).toContain(String(res.status));
  if (res.status < 400) return;
  const body = await res.json();
  const bodies = declaredBodies(operation, res.status);
  if ("validationErrors" in body) {
    expect(bodies, `${label} ${res.status}: publish-validation body undeclared`).toContain(PUBLISH);
  } else {
    expect(body.statusCode, label).toBe(res.status);
    expect(bodies, `${label} ${res.status}: error envelope undeclared`).toContain(ENVELOPE);
  }
}

async function send(
  method: string,
  path: string,
  init: { headers?: Record<string, string>; body?: string } = {},
): Promise<Response> {
  return t.app.request(path, { method, headers: init.headers ?? {}, body: init.body });
}

describe("every status an operation answers is declared in the OpenAPI document", () => {
  it("for the errors every route can meet", async () => {
    let count = 0;
    const undeclared: string[] = [];
    for (const { path, method, operation } of operations()) {
      const label = `${method} ${path}`;
      const concrete = path.replace(/\{[^}]+\}/g, () => randomUUID());
      const side = path.startsWith("/reseller") ? "reseller" : "provider";
      const auth: Record<string, string> = path.startsWith("/admin")
        ? { authorization: `Bearer ${ADMIN_TOKEN}` }
        : { "x-api-key": keys.hybrid };
      const hasBody = operation.requestBody !== undefined;
      const json = { ...auth, "content-type": "application/json" };
      const cases: Array<[string, Promise<Response>]> = [
        ["unknown query parameter", send(method, `${concrete}?zz=1`, { headers: auth })],
        [
          "declared body over the limit",
          send(method, concrete, {
            headers: { ...auth, "content-length": String(2 * 1024 * 1024) },
            body: method === "GET" ? undefined : "{}",
          }),
        ],
        ["unknown ids", send(method, concrete, { headers: hasBody ? json : auth, body: hasBody ? "{}" : undefined })],
      ];
      if (hasBody) {
        cases.push(["invalid body", send(method, concrete, { headers: json, body: '{"zz":1}' })]);
        cases.push([
          "wrong content type",
          send(method, concrete, { headers: { ...auth, "content-type": "text/plain" }, body: "x" }),
        ]);
        cases.push(["malformed JSON", send(method, concrete, { headers: json, body: "{" })]);
      }
      if (operation.security) {
        cases.push(["no credentials", send(method, concrete)]);
        if (!path.startsWith("/admin")) {
          const wrong = side === "provider" ? keys.reseller : keys.provider;
          cases.push(["wrong role", send(method, concrete, { headers: { "x-api-key": wrong } })]);
        }
      }
      for (const [what, pending] of cases) {
        await expectDeclared(`${label} (${what})`, operation, await pending).catch((error: Error) =>
          undeclared.push(error.message.split("\n")[0] ?? ""),
        );
        count += 1;
      }
    }
    expect(undeclared).toEqual([]);
    expect(count).toBeGreaterThan(300);
  });

  it("for both shapes of the publish 400", async () => {
    const operation = paths["/provider/offers/{id}/publish"]?.post as Operation;
    const offer = await (
      await t.request("POST", "/provider/offers", {
        key: keys.provider,
        body: { name: "Bare", serviceType: "internet" },
      })
    ).json();
    const notReady = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key: keys.provider });
    expect(notReady.status).toBe(400);
    await expectDeclared("publish (not ready)", operation, notReady);
    const withBody = await t.request("POST", `/provider/offers/${offer.id}/publish`, {
      key: keys.provider,
      body: { force: true },
    });
    expect(withBody.status).toBe(400);
    await expectDeclared("publish (a body with a property)", operation, withBody);
  });
});

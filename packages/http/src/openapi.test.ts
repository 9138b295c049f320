import { randomUUID } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createApp } from "./app.ts";

interface Operation {
  security?: Array<Record<string, string[]>>;
  requestBody?: unknown;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string; anyOf?: { $ref?: string }[] } }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, { required?: string[]; properties?: Record<string, unknown> }>;
    securitySchemes?: Record<string, unknown>;
  };
}

const METHODS = ["get", "post", "put", "patch", "delete"];
const ENVELOPE_REF = "#/components/schemas/ErrorEnvelope";

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request("GET", "/openapi.json");
  expect(res.status).toBe(200);
  doc = await res.json();
});
afterAll(() => t.close());

function operations(document: OpenApiDocument): Array<{ path: string; method: string; operation: Operation }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]) => ({ path, method, operation })),
  );
}

async function validate(document: OpenApiDocument) {
  const validator = new Validator();
  return validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
}

describe("GET /openapi.json", () => {
  it("is a valid OpenAPI 3.1 document, served without a key", async () => {
    const res = await t.request("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(doc);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it("carries the service version shown at /", async () => {
    const root = await (await t.request("GET", "/")).json();
    expect(doc.info.version).toBe(root.version);
    expect(doc.info.title).toBe("Marketplace API");
  });

  it("documents the routes the app serves", () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/",
        "/health",
        "/provider/offers",
        "/provider/offers/{id}",
        "/provider/offers/{id}/publish",
        "/provider/offers/{id}/duplicate",
        "/provider/offers/bulk-upload/template",
        "/provider/offers/bulk-upload",
        "/provider/offers/bulk-upload/validate",
        "/provider/offers/bulk-update",
        "/provider/offers/bulk-update/validate",
        "/provider/brands",
        "/provider/brands/{id}",
        "/provider/markets",
        "/provider/markets/{id}",
        "/provider/markets/{id}/areas",
        "/provider/markets/{id}/areas/{areaId}",
        ...["/provider", "/reseller"].flatMap((side) => [
          `${side}/webhooks`,
          `${side}/webhooks/{id}`,
          `${side}/webhooks/{id}/deliveries`,
          `${side}/webhooks/{id}/rotate-secret`,
          `${side}/webhooks/{id}/test`,
          `${side}/webhooks/{id}/deliveries/{deliveryId}/redeliver`,
        ]),
        "/admin/teams",
        "/admin/teams/{id}",
        "/admin/teams/{id}/api-keys",
        "/admin/teams/{id}/api-keys/{keyId}",
        "/reseller/storefront",
        "/reseller/links",
        "/reseller/links/{id}",
        "/reseller/catalog",
        "/reseller/catalog/{id}",
        "/provider/customers/{customerId}/consent/revoke",
        "/public/links/{slug}",
        "/public/links/{slug}/orders",
        "/public/shop/orders",
        "/public/shop/clicks",
        "/public/consent/revoke",
      ]),
    );
    expect(operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`)).toEqual(
      expect.arrayContaining([
        "GET /",
        "GET /health",
        "POST /provider/offers",
        "GET /provider/offers",
        "GET /provider/offers/{id}",
        "PATCH /provider/offers/{id}",
        "DELETE /provider/offers/{id}",
        "POST /provider/offers/{id}/publish",
        "POST /provider/offers/{id}/duplicate",
        "GET /provider/offers/bulk-upload/template",
        "POST /provider/offers/bulk-upload",
        "POST /provider/offers/bulk-upload/validate",
        "POST /provider/offers/bulk-update",
        "POST /provider/offers/bulk-update/validate",
        "POST /provider/brands",
        "GET /provider/brands",
        "GET /provider/brands/{id}",
        "PATCH /provider/brands/{id}",
        "DELETE /provider/brands/{id}",
        "POST /provider/markets",
        "GET /provider/markets",
        "GET /provider/markets/{id}",
        "PATCH /provider/markets/{id}",
        "DELETE /provider/markets/{id}",
        "POST /provider/markets/{id}/areas",
        "DELETE /provider/markets/{id}/areas/{areaId}",
        ...["/provider", "/reseller"].flatMap((side) => [
          `POST ${side}/webhooks`,
          `GET ${side}/webhooks`,
          `GET ${side}/webhooks/{id}`,
          `PATCH ${side}/webhooks/{id}`,
          `DELETE ${side}/webhooks/{id}`,
          `GET ${side}/webhooks/{id}/deliveries`,
          `POST ${side}/webhooks/{id}/rotate-secret`,
          `POST ${side}/webhooks/{id}/test`,
          `POST ${side}/webhooks/{id}/deliveries/{deliveryId}/redeliver`,
        ]),
        "POST /admin/teams",
        "GET /admin/teams",
        "GET /admin/teams/{id}",
        "GET /admin/teams/{id}/api-keys",
        "POST /admin/teams/{id}/api-keys",
        "DELETE /admin/teams/{id}/api-keys/{keyId}",
        "GET /reseller/storefront",
        "PUT /reseller/storefront",
        "POST /reseller/links",
        "GET /reseller/links",
        "GET /reseller/links/{id}",
        "DELETE /reseller/links/{id}",
        "GET /reseller/catalog",
        "GET /reseller/catalog/{id}",
        "POST /provider/customers/{customerId}/consent/revoke",
        "GET /public/links/{slug}",
        "POST /public/links/{slug}/orders",
        "POST /public/shop/orders",
        "POST /public/shop/clicks",
        "POST /public/consent/revoke",
      ]),
    );
  });

  it("documents 4xx error responses with the envelope on every operation", () => {
    for (const { path, method, operation } of operations(doc)) {
      const label = `${method.toUpperCase()} ${path}`;
      const errorStatuses = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      expect(
        errorStatuses.some((status) => status.startsWith("4")),
        label,
      ).toBe(true);
      for (const status of errorStatuses) {
        const schema = operation.responses[status]?.content?.["application/json"]?.schema;
        if (
          status === "400" &&
          /^(POST \/provider\/offers\/\{id\}\/publish|PATCH \/provider\/offers\/\{id\})$/.test(label)
        ) {
          // The spec's publish-validation body (no statusCode), alone on publish, or beside the envelope on PATCH.
          const refs = schema?.$ref ? [schema.$ref] : (schema?.anyOf ?? []).map((s: { $ref?: string }) => s.$ref);
          expect(refs, `${label} ${status}`).toContain("#/components/schemas/PublishValidationError");
          continue;
        }
        expect(schema?.$ref, `${label} ${status}`).toBe(ENVELOPE_REF);
      }
      // Every operation validates its query strictly.
      expect(operation.responses, label).toHaveProperty("400");
      if (operation.requestBody) {
        for (const status of ["400", "413", "415"]) expect(operation.responses, `${label}`).toHaveProperty(status);
      }
      if (path.includes("{")) expect(operation.responses, label).toHaveProperty("404");
    }
  });

  it("secures provider operations with the x-api-key header and documents 401 and 403", () => {
    expect(doc.components.securitySchemes?.apiKey).toEqual({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
      description: expect.any(String),
    });
    const provider = operations(doc).filter(({ path }) => path.startsWith("/provider/"));
    expect(provider.length).toBeGreaterThan(0);
    for (const { path, method, operation } of provider) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(operation.security, label).toEqual([{ apiKey: [] }]);
      expect(operation.responses, label).toHaveProperty("401");
      expect(operation.responses, label).toHaveProperty("403");
      expect(operation.responses, label).toHaveProperty("500");
    }
  });

  it("secures admin operations with the bearer admin token and documents 401", () => {
    expect(doc.components.securitySchemes?.adminToken).toEqual({
      type: "http",
      scheme: "bearer",
      description: expect.any(String),
    });
    const adminOps = operations(doc).filter(({ path }) => path.startsWith("/admin/"));
    expect(adminOps).toHaveLength(9);
    for (const { path, method, operation } of adminOps) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(operation.security, label).toEqual([{ adminToken: [] }]);
      expect(operation.responses, label).toHaveProperty("401");
    }
  });

  it("marks /public operations public: an explicitly empty security requirement", () => {
    const publicOps = operations(doc).filter(({ path }) => path.startsWith("/public/"));
    expect(publicOps).toHaveLength(5);
    for (const { operation } of publicOps) expect(operation.security).toEqual([]);
  });

  it("leaves the root and health public and documents the health 503", () => {
    expect(doc.paths["/"]?.get?.security).toEqual([]);
    expect(doc.paths["/health"]?.get?.security).toEqual([]);
    expect(doc.paths["/health"]?.get?.responses).toHaveProperty("503");
  });

  it("describes the error envelope with statusCode, message and error required", () => {
    const envelope = doc.components.schemas.ErrorEnvelope;
    expect(envelope?.required?.sort()).toEqual(["error", "message", "statusCode"]);
    expect(Object.keys(envelope?.properties ?? {}).sort()).toEqual(["code", "error", "message", "statusCode"]);
  });

  it("documents pagination parameters on list operations", () => {
    for (const path of ["/provider/brands", "/provider/markets", "/admin/teams"]) {
      const parameters = doc.paths[path]?.get?.parameters ?? [];
      expect(parameters.map((p) => `${p.in}:${p.name}`).sort(), path).toEqual(["query:cursor", "query:limit"]);
    }
    // The team's offers also take their filters.
    const offers = doc.paths["/provider/offers"]?.get?.parameters ?? [];
    expect(offers.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      ["cursor", "limit", "brandId", "marketId", "search", "serviceType", "status"]
        .map((name) => `query:${name}`)
        .sort(),
    );
  });

  it("marks every offer field required, as a response never omits one", async () => {
    const { apiKey } = await t.createTeam("provider");
    const res = await t.request("POST", "/provider/offers", { key: apiKey, body: { name: "Doc", serviceType: "tv" } });
    expect(res.status).toBe(201);
    const offer = await res.json();
    // A tv offer has neither details object: internet and electricity are the spec's absent-when-not-applicable fields.
    expect([...(doc.components.schemas.Offer?.required ?? [])].sort()).toEqual(Object.keys(offer).sort());
    expect(Object.keys(doc.components.schemas.Offer?.properties ?? {}).sort()).toEqual(
      [...Object.keys(offer), "internet", "electricity"].sort(),
    );
  });

  it("answers an unauthenticated call of every documented operation with a documented status", async () => {
    for (const { path, method, operation } of operations(doc)) {
      const concrete = path.replace(/\{[^}]+\}/g, () => randomUUID());
      const res = await t.request(
        method.toUpperCase(),
        concrete,
        method === "get" || method === "delete" ? {} : { body: {} },
      );
      const label = `${method.toUpperCase()} ${path} -> ${res.status}`;
      expect(Object.keys(operation.responses), label).toContain(String(res.status));
    }
  });

  it("leaves out /admin paths and the admin scheme when admin is disabled, and stays valid", async () => {
    const app = createApp({ marketplace: t.marketplace, checkHealth: async () => {}, adminToken: null });
    const res = await app.request("/openapi.json");
    expect(res.status).toBe(200);
    const document: OpenApiDocument = await res.json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/", "/health", "/provider/offers"]));
    expect(Object.keys(document.paths).filter((path) => path.startsWith("/admin"))).toEqual([]);
    expect(Object.keys(document.components.securitySchemes ?? {})).toEqual(["apiKey"]);
    expect(JSON.stringify(document)).not.toContain("adminToken");
    expect((await validate(document)).valid).toBe(true);
  });

  it("does not leak the admin token into the document", () => {
    expect(JSON.stringify(doc)).not.toContain("test-admin-token");
  });
});

describe("GET /docs", () => {
  it("serves Swagger UI over /openapi.json", async () => {
    const res = await t.request("GET", "/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain("swagger-ui-bundle.js");
    expect(html).toContain("swagger-ui.css");
    expect(html).toContain('<div id="swagger-ui"></div>');
    expect(html).toContain('"/openapi.json"');
  });

  it("loads the Swagger UI assets from the configured location, escaped", async () => {
    const app = createApp({
      marketplace: t.marketplace,
      checkHealth: async () => {},
      apiReference: { assetsUrl: '/docs/assets/"><script>alert(1)</script>/' },
    });
    const html = await (await app.request("/docs")).text();
    expect(html).toContain('href="/docs/assets/&quot;>&lt;script>alert(1)&lt;/script>/swagger-ui.css"');
    expect(html).not.toContain("<script>alert(1)</script>");
  });
});

import { describe, expect, it } from "vitest";
import { completeOpenApiDocument, deriveOperationId } from "./openapi-document.ts";

describe("deriveOperationId", () => {
  it("joins the method and the path's words in camelCase, parameters as By…", () => {
    expect(deriveOperationId("get", "/provider/webhooks/{id}/deliveries")).toBe("getProviderWebhooksByIdDeliveries");
    expect(deriveOperationId("post", "/provider/webhooks/{id}/rotate-secret")).toBe(
      "postProviderWebhooksByIdRotateSecret",
    );
    expect(deriveOperationId("get", "/.well-known/consent-keys.json")).toBe("getWellKnownConsentKeysJson");
    expect(deriveOperationId("get", "/")).toBe("get");
  });
});

describe("completeOpenApiDocument", () => {
  const generated = {
    openapi: "3.1.0",
    paths: {
      "/things/{id}": {
        patch: {
          operationId: "ownId",
          security: [{ apiKey: [] }],
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Patch" } } } },
          responses: {
            200: {
              description: "ok",
              content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
            },
            404: {
              description: "Not found",
              content: { "application/json": { schema: { $ref: "#/components/schemas/ErrorEnvelope" } } },
            },
          },
        },
        get: {
          responses: {
            200: {
              description: "ok",
              content: { "application/json": { schema: { type: "object" }, example: { given: true } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        Patch: {
          type: "object",
          properties: { name: { type: "string", minLength: 10 }, count: { type: "integer", minimum: 3 } },
        },
        Thing: {
          type: "object",
          properties: {
            id: { type: "string", format: "uuid" },
            kind: { type: "string", enum: ["a", "b"] },
            tags: { type: "array", items: { type: "string", example: "t" }, minItems: 2 },
            gone: { type: ["string", "null"] },
            at: { anyOf: [{ type: "string", example: "2026-01-01T00:00:00.000Z" }, { type: "null" }], example: "now" },
          },
        },
        ErrorEnvelope: { type: "object" },
      },
    },
  };

  it("adds derived ids, explicit public security and examples, keeping what a route declared", () => {
    const done = completeOpenApiDocument(generated) as typeof generated;
    // biome-ignore lint/suspicious/noExplicitAny: reading into a plain JSON document
    type Loose = Record<string, any>;
    const patch = done.paths["/things/{id}"].patch as Loose;
    const get = done.paths["/things/{id}"].get as Loose;
    expect(patch.operationId).toBe("ownId");
    expect(get.operationId).toBe("getThingsById");
    expect(patch.security).toEqual([{ apiKey: [] }]);
    expect(get.security).toEqual([]);
    expect(patch.requestBody.content["application/json"].example).toEqual({ name: "examplexxx", count: 3 });
    expect(patch.responses[200].content["application/json"].example).toEqual({
      id: "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
      kind: "a",
      tags: ["t", "t"],
      gone: null,
      at: "now",
    });
    expect(patch.responses[404].content["application/json"].example).toEqual({
      statusCode: 404,
      message: "Not found",
      error: "Not Found",
    });
    expect(get.responses[200].content["application/json"].example).toEqual({ given: true });
    // The input is left as it was.
    expect((generated.paths["/things/{id}"].get as Record<string, unknown>).operationId).toBeUndefined();
  });
});

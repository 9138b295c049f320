/**
 * What the served OpenAPI document adds to the generated one, so that every operation has an
 * `operationId` and every JSON request and response body an example, without each route spelling
 * them out:
 *
 * - `operationId`: a route's own when it declares one, otherwise derived from its method and full
 *   path (`POST /provider/webhooks/{id}/rotate-secret` → `postProviderWebhooksByIdRotateSecret`), so
 *   the same route definition mounted under `/provider` and `/reseller` gets two distinct ids.
 * - `security: []` on an operation that declares none: it is public (`/`, `/health`, `/public/…`).
 * - `example` of a JSON media type that has none: error responses get the envelope with their status
 *   (`{"statusCode": 404, "message": "…", "error": "Not Found"}`); other bodies are composed from the
 *   schema's own examples (each property's `example`, an enum's first value, a format's typical
 *   value), so they follow the schemas and the linter checks them against those schemas.
 *
 * @module
 */

type Json = Record<string, unknown>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

const STATUS_TEXT: Record<string, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

const FORMAT_EXAMPLES: Record<string, unknown> = {
  "date-time": "2026-01-31T12:00:00.000Z",
  date: "2026-01-31",
  uuid: "3f0e7c1e-5b7a-4c8e-9d7c-2a4b6f1d9e21",
  uri: "https://example.com/hooks/marketplace",
  url: "https://example.com/",
  email: "jane@example.com",
  binary: "",
};

/**
 * The operation id derived from a method and a path: camelCase words of the path, `{param}` as
 * `By<Param>`.
 *
 * @example
 * deriveOperationId("get", "/provider/webhooks/{id}/deliveries"); // "getProviderWebhooksByIdDeliveries"
 */
export function deriveOperationId(method: string, path: string): string {
  const words = path
    .split("/")
    .filter((segment) => segment !== "")
    .flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment);
      return param ? ["by", ...(param[1] as string).split(/[^A-Za-z0-9]+/)] : segment.split(/[^A-Za-z0-9]+/);
    })
    .filter((word) => word !== "");
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join("");
}

/**
 * Adds the derived operation ids and the missing examples to a generated document (a copy; the
 * input is not changed).
 */
export function completeOpenApiDocument<D extends object>(generated: D): D {
  const document = structuredClone(generated) as D & { paths?: Record<string, Json>; components?: Json };
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const seen = new Set<string>();
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      if (typeof operation.operationId !== "string") {
        let id = deriveOperationId(method, path);
        while (seen.has(id)) id = `${id}_`;
        operation.operationId = id;
      }
      seen.add(operation.operationId as string);
      // Authenticated routes declare their scheme; one that declares none is public, said explicitly.
      operation.security ??= [];
      const body = operation.requestBody as { content?: Record<string, Json> } | undefined;
      for (const [type, media] of Object.entries(body?.content ?? {})) addExample(media, type, schemas, null);
      for (const [status, response] of Object.entries((operation.responses ?? {}) as Record<string, Json>)) {
        const content = (response.content ?? {}) as Record<string, Json>;
        for (const [type, media] of Object.entries(content)) {
          addExample(media, type, schemas, { status, description: String(response.description ?? "") });
        }
      }
    }
  }
  return document;
}

function addExample(
  media: Json,
  type: string,
  schemas: Record<string, Json>,
  response: { status: string; description: string } | null,
): void {
  if (media.example !== undefined || media.examples !== undefined || !/json/i.test(type)) return;
  const schema = media.schema as Json | undefined;
  if (!schema) return;
  if (response && schema.$ref === "#/components/schemas/ErrorEnvelope" && STATUS_TEXT[response.status]) {
    const status = Number(response.status);
    media.example = {
      statusCode: status,
      message: status === 400 ? ["name must be a string"] : response.description,
      error: STATUS_TEXT[response.status],
    };
    return;
  }
  const example = exampleOf(schema, schemas, 0);
  if (example !== undefined) media.example = example;
}

/** An example value of a schema, from its own examples where it has them; undefined when none can be made. */
function exampleOf(schema: Json, schemas: Record<string, Json>, depth: number): unknown {
  if (depth > 12) return undefined;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (typeof schema.$ref === "string") {
    const target = schemas[schema.$ref.replace("#/components/schemas/", "")];
    return target ? exampleOf(target, schemas, depth + 1) : undefined;
  }
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  for (const key of ["oneOf", "anyOf"] as const) {
    const options = schema[key] as Json[] | undefined;
    if (!Array.isArray(options)) continue;
    const preferred = options.filter((option) => option.type !== "null");
    for (const option of [...preferred, ...options]) {
      const value = exampleOf(option, schemas, depth + 1);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (Array.isArray(schema.allOf)) {
    const merged: Json = {};
    for (const part of schema.allOf as Json[]) {
      const value = exampleOf(part, schemas, depth + 1);
      if (value && typeof value === "object" && !Array.isArray(value)) Object.assign(merged, value);
    }
    return merged;
  }
  const type = Array.isArray(schema.type) ? (schema.type as string[]).find((t) => t !== "null") : schema.type;
  switch (type) {
    case "object": {
      const out: Json = {};
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
        // A nullable property without an example of its own shows null: the usual value (a webhook
        // not disabled, no rotation under way), not a made-up one.
        const value =
          property.example === undefined && isNullable(property) ? null : exampleOf(property, schemas, depth + 1);
        if (value !== undefined) out[name] = value;
      }
      return out;
    }
    case "array": {
      const item = exampleOf((schema.items ?? {}) as Json, schemas, depth + 1);
      if (item === undefined) return [];
      return Array.from({ length: Math.max(1, Number(schema.minItems ?? 1)) }, () => item);
    }
    case "string": {
      if (typeof schema.format === "string" && schema.format in FORMAT_EXAMPLES) return FORMAT_EXAMPLES[schema.format];
      if (typeof schema.pattern === "string") return undefined;
      const min = Number(schema.minLength ?? 0);
      return "example".padEnd(Math.max(min, 7), "x").slice(0, Math.max(min, Number(schema.maxLength ?? 7)));
    }
    case "integer":
    case "number": {
      if (typeof schema.minimum === "number") return schema.minimum;
      if (typeof schema.exclusiveMinimum === "number") return schema.exclusiveMinimum + 1;
      return typeof schema.maximum === "number" ? Math.min(1, schema.maximum) : 1;
    }
    case "boolean":
      return true;
    case "null":
      return null;
    default:
      return undefined;
  }
}

function isNullable(schema: Json): boolean {
  if (Array.isArray(schema.type)) return schema.type.includes("null");
  const options = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  return Array.isArray(options) && options.some((option) => option.type === "null");
}

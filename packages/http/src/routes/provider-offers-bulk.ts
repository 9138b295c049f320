import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { Marketplace } from "@marketplace/core";
import {
  BULK_CSV_LIMITS,
  type BulkCsvMode,
  type BulkUpdateResult,
  type BulkUploadResult,
  OFFER_CSV_CELL_RULES,
  OFFER_CSV_COLUMNS,
  OFFER_CSV_EXAMPLE,
  OFFER_CSV_REQUIRED_COLUMNS,
} from "@marketplace/core/offers";
import type { Context, TypedResponse } from "hono";
import type { JSONParsed } from "hono/utils/types";
import { CSV_FILE_FIELD, readCsvUpload } from "../csv-upload.ts";
import type { AppEnv } from "../middleware/request-context.ts";
import { createRoute } from "../route.ts";
import { errorResponses, Id, json, NoQuery, security } from "../schemas.ts";
import { validationHook } from "../validation.ts";

/**
 * The bulk CSV upload routes, under `/provider`: with a CSV content type they take a body of up to
 * 10 MB (checked by `readCsvUpload` while it streams) instead of the JSON body limit.
 */
export const BULK_CSV_PATHS = [
  "/offers/bulk-upload",
  "/offers/bulk-upload/validate",
  "/offers/bulk-update",
  "/offers/bulk-update/validate",
] as const;

/** One CSV line: cells quoted when they hold a comma, a quote, a line break or outer spaces. */
export function csvLine(cells: readonly string[]): string {
  return cells
    .map((cell) => (/[",\r\n]/.test(cell) || cell !== cell.trim() ? `"${cell.replaceAll('"', '""')}"` : cell))
    .join(",");
}

/** The template: every column and one example row that uploads as it is (CRLF line ends, RFC 4180). */
export const OFFER_CSV_TEMPLATE = `${csvLine(OFFER_CSV_COLUMNS)}\r\n${csvLine(
  OFFER_CSV_COLUMNS.map((column) => OFFER_CSV_EXAMPLE[column]),
)}\r\n`;

const CsvRowErrorSchema = z
  .object({
    column: z.string().nullable().openapi({ description: "The CSV column at fault; null for the row as a whole" }),
    message: z
      .string()
      .openapi({ example: 'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"' }),
  })
  .openapi("CsvRowError");

const BulkRowResultSchema = z
  .object({
    row: z.int().openapi({ description: "1-based data row (the header and blank rows are not counted)", example: 1 }),
    line: z.int().openapi({ description: "1-based line of the file where the row starts", example: 2 }),
    status: z.enum(["created", "updated", "valid", "invalid"]).openapi({
      description: "created/updated: written; valid: would be written (validate endpoints); invalid: skipped",
    }),
    offerId: Id.nullable().openapi({
      description: "The offer written (on bulk-update validate: the offer that would be updated); else null",
    }),
    errors: z.array(CsvRowErrorSchema),
  })
  .openapi("BulkRowResult");

const counts = {
  rows: z.int().openapi({ description: "Data rows read" }),
  valid: z.int().openapi({ description: "Rows without errors" }),
  invalid: z.int().openapi({ description: "Rows with errors, skipped" }),
};

const BulkUploadResultSchema = z
  .object({
    summary: z.object({ ...counts, created: z.int().openapi({ description: "Offers created; 0 when validating" }) }),
    results: z.array(BulkRowResultSchema).openapi({ description: "One result per data row, in file order" }),
  })
  .openapi("BulkUploadResult");

const BulkUpdateResultSchema = z
  .object({
    summary: z.object({ ...counts, updated: z.int().openapi({ description: "Offers updated; 0 when validating" }) }),
    results: z.array(BulkRowResultSchema).openapi({ description: "One result per data row, in file order" }),
  })
  .openapi("BulkUpdateResult");

const FILE_RULES = [
  `UTF-8 CSV (RFC 4180; a BOM, CRLF or LF line ends and quoted fields holding commas or line breaks are fine),`,
  `at most ${BULK_CSV_LIMITS.maxBytes} bytes and ${BULK_CSV_LIMITS.maxRows} data rows (413 past either).`,
  `The first line is the header: column names as in the template (${OFFER_CSV_COLUMNS.join(", ")}); a missing`,
  `required column or an unknown one is a 400 for the whole file, as is a file that is not valid CSV.`,
  OFFER_CSV_CELL_RULES,
  `brandName names one of the team's brands; filling partnerSignup.signupUrlTemplate makes the offer lead_gen.`,
].join(" ");

const csvBody = {
  required: true,
  description: FILE_RULES,
  content: {
    "multipart/form-data": {
      schema: {
        type: "object" as const,
        properties: {
          [CSV_FILE_FIELD]: { type: "string" as const, format: "binary", contentMediaType: "text/csv" },
        },
        required: [CSV_FILE_FIELD],
      },
    },
    "text/csv": { schema: { type: "string" as const, description: "The CSV file itself" } },
  },
};
const tags = ["Provider offers"];

const template = createRoute({
  method: "get",
  path: "/offers/bulk-upload/template",
  tags,
  security,
  summary: "Download the bulk CSV template: every column and an example row that uploads as it is",
  request: { query: NoQuery },
  responses: {
    200: {
      description: 'text/csv attachment "offers-template.csv"',
      content: { "text/csv": { schema: { type: "string", example: OFFER_CSV_TEMPLATE } } },
    },
    ...errorResponses(400, 401, 403, 500),
  },
});

const bulkRoute = (mode: BulkCsvMode, validateOnly: boolean) => {
  const path = mode === "upload" ? "/offers/bulk-upload" : "/offers/bulk-update";
  const required = OFFER_CSV_REQUIRED_COLUMNS[mode].join(", ");
  const what =
    mode === "upload"
      ? `Create draft offers from a CSV file (required columns: ${required}; every SKU must be new)`
      : `Update offers found by SKU from a CSV file (required column: ${required}; an active offer must stay publishable)`;
  return createRoute({
    method: "post",
    path: validateOnly ? `${path}/validate` : path,
    tags,
    security,
    summary: validateOnly ? `Validate a bulk-${mode} file: the same per-row results, nothing written` : what,
    description: validateOnly
      ? `Checks every row exactly as POST /provider${path} would and writes nothing. The body equals that call's, except: status valid instead of ${mode === "upload" ? "created" : "updated"}, summary.${mode === "upload" ? "created" : "updated"} 0${mode === "upload" ? ", and offerId null" : ""}.`
      : `${what}. Valid rows are written ${BULK_CSV_LIMITS.batchSize} per transaction; invalid rows are reported and skipped. Row problems never change the status: 200 with one result per data row.`,
    request: { query: NoQuery, body: csvBody },
    responses: {
      200: {
        description: "The file was read: counts and one result per data row",
        content: json(mode === "upload" ? BulkUploadResultSchema : BulkUpdateResultSchema),
      },
      ...errorResponses(400, 401, 403, 413, 500),
      415: { ...errorResponses(415)[415], description: "Body neither multipart/form-data nor text/csv" },
    },
  });
};

/** `/provider/offers/bulk-*` routes: the CSV template, bulk upload and bulk update, each with a validate twin. */
export function providerOfferBulkRoutes(marketplace: Marketplace) {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  const { bulkOffers } = marketplace;

  app.openapi(template, (c) =>
    c.body(OFFER_CSV_TEMPLATE, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="offers-template.csv"',
    }),
  );

  for (const validateOnly of [false, true]) {
    app.openapi(bulkRoute("upload", validateOnly), async (c) => {
      const file = await readCsvUpload(c.req.raw, "upload");
      return bulkResultResponse(c, await bulkOffers.upload(c.get("principal"), file, { validateOnly }));
    });
    app.openapi(bulkRoute("update", validateOnly), async (c) => {
      const file = await readCsvUpload(c.req.raw, "update");
      return bulkResultResponse(c, await bulkOffers.update(c.get("principal"), file, { validateOnly }));
    });
  }

  return app;
}

/** Results serialized per piece of the response body. */
const RESULTS_PER_CHUNK = 1000;

/**
 * The 200 answer of a bulk call: the bytes `c.json(result)` would send, written 1,000 results at a
 * time as the client reads them. Serialized at once, the string, V8's pieces of it and its UTF-8
 * copy were a large share of the server's peak memory (ADR-0053; docs/performance.md, "Bulk CSV").
 * Built through the context (`c.body`), so the headers set on it before the handler (`x-request-id`)
 * are on this response as on every other.
 */
function bulkResultResponse<T extends BulkUploadResult | BulkUpdateResult>(
  c: Context<AppEnv>,
  result: T,
): Response & TypedResponse<JSONParsed<T>, 200, "json"> {
  const { summary, results } = result;
  const encoder = new TextEncoder();
  let next = -1;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next < 0) {
        controller.enqueue(encoder.encode(`{"summary":${JSON.stringify(summary)},"results":[`));
        next = 0;
      } else if (next < results.length) {
        const piece = JSON.stringify(results.slice(next, next + RESULTS_PER_CHUNK));
        controller.enqueue(encoder.encode(`${next === 0 ? "" : ","}${piece.slice(1, -1)}`));
        next += RESULTS_PER_CHUNK;
      } else {
        controller.enqueue(encoder.encode("]}"));
        controller.close();
      }
    },
  });
  // Typed as what c.json(result, 200) returns: the body is that JSON, only written in pieces.
  const response: Response = c.body(body, 200, { "content-type": "application/json" });
  return response as Response & TypedResponse<JSONParsed<T>, 200, "json">;
}

import type { Principal } from "@marketplace/core";
import { afterAll, beforeAll, expect } from "vitest";
import { createTestApp, type TestApp } from "../app.ts";

export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const MB10 = 10 * 1024 * 1024;

export let t: TestApp;

export type Body = string | Uint8Array<ArrayBuffer>;

/** POSTs a CSV file, as a multipart field `file` (what browsers and curl -F send) or as a raw text/csv body. */
export function postCsv(
  path: string,
  key: string,
  csv: Body,
  as: "multipart" | "csv" = "multipart",
  filename = "offers.csv",
) {
  if (as === "csv") {
    return t.app.request(path, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "text/csv" },
      body: csv,
    });
  }
  const form = new FormData();
  form.append("note", "ignored field before the file");
  form.append("file", new Blob([csv], { type: "text/csv" }), filename);
  return t.app.request(path, { method: "POST", headers: { "x-api-key": key }, body: form });
}

/** A body streamed in 64 KB chunks, with no content-length. */
export function streamed(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
        controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      }
      controller.close();
    },
  });
}

export const lines = (...rows: string[]) => `${rows.join("\n")}\n`;

export async function provider(): Promise<{ key: string; principal: Principal }> {
  const { apiKey } = await t.createTeam("provider");
  return { key: apiKey, principal: await t.marketplace.auth.authenticate(apiKey) };
}

export async function offersOf(key: string): Promise<Array<Record<string, unknown>>> {
  const res = await t.request("GET", "/provider/offers", { key });
  expect(res.status).toBe(200);
  return res.json();
}

export const bySku = (offers: Array<Record<string, unknown>>) =>
  new Map(offers.map((offer) => [offer.sku as string, offer]));

export const created = (row: number, line = row + 1) => ({
  row,
  line,
  status: "created",
  offerId: expect.stringMatching(UUID_V4),
  errors: [],
});
export const valid = (row: number, line = row + 1, offerId: unknown = null) => ({
  row,
  line,
  status: "valid",
  offerId,
  errors: [],
});
export const invalid = (row: number, line: number, ...errors: Array<[string | null, string]>) => ({
  row,
  line,
  status: "invalid",
  offerId: null,
  errors: errors.map(([column, message]) => ({ column, message })),
});
export const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

/**
 * The body a validate endpoint answers for a file, derived from the real call's body: the documented
 * difference is status valid for written rows, the written count 0, and no id for offers not created yet.
 */
export function asValidation(body: { summary: Record<string, number>; results: Array<Record<string, unknown>> }) {
  const count = "created" in body.summary ? "created" : "updated";
  return {
    summary: { ...body.summary, [count]: 0 },
    results: body.results.map((result) =>
      result.status === "invalid"
        ? result
        : { ...result, status: "valid", offerId: result.status === "created" ? null : result.offerId },
    ),
  };
}

/** Registers the hooks of a provider offers bulk test file: a test app, closed after the file. */
export function setupBulkApp(): void {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
}

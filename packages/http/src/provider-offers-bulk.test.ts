import { PostgresUnitOfWork, pingDatabase } from "@marketplace/adapters-postgres";
import {
  createMarketplace,
  type Offer,
  type OfferRepository,
  type Principal,
  type TransactionScope,
  type UnitOfWork,
} from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createApp } from "./app.ts";
import { csvLine } from "./routes/provider-offers-bulk.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const MB10 = 10 * 1024 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Body = string | Uint8Array<ArrayBuffer>;

/** POSTs a CSV file, as a multipart field `file` (what browsers and curl -F send) or as a raw text/csv body. */
function postCsv(path: string, key: string, csv: Body, as: "multipart" | "csv" = "multipart", filename = "offers.csv") {
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
function streamed(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (let offset = 0; offset < bytes.length; offset += 64 * 1024) {
        controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
      }
      controller.close();
    },
  });
}

const lines = (...rows: string[]) => `${rows.join("\n")}\n`;

async function provider(): Promise<{ key: string; principal: Principal }> {
  const { apiKey } = await t.createTeam("provider");
  return { key: apiKey, principal: await t.marketplace.auth.authenticate(apiKey) };
}

async function offersOf(key: string): Promise<Array<Record<string, unknown>>> {
  const res = await t.request("GET", "/provider/offers", { key });
  expect(res.status).toBe(200);
  return res.json();
}

const bySku = (offers: Array<Record<string, unknown>>) => new Map(offers.map((offer) => [offer.sku as string, offer]));

const created = (row: number, line = row + 1) => ({
  row,
  line,
  status: "created",
  offerId: expect.stringMatching(UUID_V4),
  errors: [],
});
const valid = (row: number, line = row + 1, offerId: unknown = null) => ({
  row,
  line,
  status: "valid",
  offerId,
  errors: [],
});
const invalid = (row: number, line: number, ...errors: Array<[string | null, string]>) => ({
  row,
  line,
  status: "invalid",
  offerId: null,
  errors: errors.map(([column, message]) => ({ column, message })),
});
const badRequest = (...message: string[]) => ({ statusCode: 400, message, error: "Bad Request" });

/**
 * The body a validate endpoint answers for a file, derived from the real call's body: the documented
 * difference is status valid for written rows, the written count 0, and no id for offers not created yet.
 */
function asValidation(body: { summary: Record<string, number>; results: Array<Record<string, unknown>> }) {
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

describe("GET /provider/offers/bulk-upload/template", () => {
  it("downloads a CSV attachment: every column, and an example row", async () => {
    const { key } = await provider();
    const res = await t.request("GET", "/provider/offers/bulk-upload/template", { key });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="offers-template.csv"');
    expect(await res.text()).toBe(
      "sku,name,serviceType,description,marketingHeadline,brandName,marketNames,monthlyPrice,promoMonthlyPrice," +
        "promoDurationMonths,contractTermMonths,commission,submissionUrl,partnerSignup.signupUrlTemplate," +
        "internet.downloadSpeedMbps,internet.uploadSpeedMbps,internet.connectionType,internet.dataCapGb," +
        "electricity.ratePerKwh,electricity.rateType,electricity.renewablePercent,electricity.termMonths\r\n" +
        'FIBER-500-EXAMPLE,Fiber 500,internet,"Symmetric fiber, no data cap, free installation",' +
        "500 Mbps fiber for $49.99 a month,,,59.99,49.99,12,12,25.00,,,500,500,fiber,,,,,\r\n",
    );
  });

  it("uploads back as it is: validate, then create a publishable draft", async () => {
    const { key } = await provider();
    const template = await (await t.request("GET", "/provider/offers/bulk-upload/template", { key })).text();

    const check = await postCsv(
      "/provider/offers/bulk-upload/validate",
      key,
      template,
      "multipart",
      "offers-template.csv",
    );
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ summary: { rows: 1, valid: 1, invalid: 0, created: 0 }, results: [valid(1)] });
    expect(await offersOf(key)).toEqual([]);

    const res = await postCsv("/provider/offers/bulk-upload", key, template, "multipart", "offers-template.csv");
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ summary: { rows: 1, valid: 1, invalid: 0, created: 1 }, results: [created(1)] });

    const offer = await (await t.request("GET", `/provider/offers/${body.results[0].offerId}`, { key })).json();
    expect(offer).toMatchObject({
      sku: "FIBER-500-EXAMPLE",
      name: "Fiber 500",
      status: "draft",
      serviceType: "internet",
      description: "Symmetric fiber, no data cap, free installation",
      marketingHeadline: "500 Mbps fiber for $49.99 a month",
      brandId: null,
      marketIds: [],
      monthlyPrice: "59.99",
      promoMonthlyPrice: "49.99",
      promoDurationMonths: 12,
      contractTermMonths: 12,
      commission: "25.00",
      submissionUrl: null,
      partnerSignup: null,
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber", dataCapGb: null },
      publishedAt: null,
    });
    const published = await t.request("POST", `/provider/offers/${offer.id}/publish`, { key });
    expect(published.status).toBe(200);
  });
});

describe("POST /provider/offers/bulk-upload", () => {
  it("creates a draft per valid row and reports every row, as multipart/form-data", async () => {
    const { key, principal } = await provider();
    const austin = await t.marketplace.markets.create(principal, { name: "Austin" });
    const dallas = await t.marketplace.markets.create(principal, { name: "Dallas" });
    const brand = await t.marketplace.brands.create(principal, { name: "Acme Fiber" });
    const csv = lines(
      "sku,name,serviceType,monthlyPrice,marketNames,brandName,electricity.ratePerKwh,electricity.rateType",
      "FIB-1,Fiber 1,internet,49.9,austin; DALLAS,acme fiber,,",
      "FIB-2,Fiber 2,internet,abc,,,,",
      "POW-1,Power,electricity,,,,0.1425,fixed",
    );
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const body = await res.json();
    expect(body).toEqual({
      summary: { rows: 3, valid: 2, invalid: 1, created: 2 },
      results: [
        created(1),
        invalid(2, 3, [
          "monthlyPrice",
          'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"',
        ]),
        created(3),
      ],
    });

    const offers = bySku(await offersOf(key));
    expect([...offers.keys()].sort()).toEqual(["FIB-1", "POW-1"]);
    expect(offers.get("FIB-1")).toMatchObject({
      id: body.results[0].offerId,
      name: "Fiber 1",
      status: "draft",
      monthlyPrice: "49.90",
      brandId: brand.id,
      brand: { id: brand.id, name: "Acme Fiber", logoUrl: null },
      marketIds: [austin.id, dallas.id].sort(),
      internet: { downloadSpeedMbps: null, uploadSpeedMbps: null, connectionType: null, dataCapGb: null },
    });
    expect(offers.get("POW-1")).toMatchObject({
      id: body.results[2].offerId,
      status: "draft",
      monthlyPrice: null,
      electricity: { ratePerKwh: "0.1425", rateType: "fixed", renewablePercent: null, termMonths: null },
    });
  });

  it("accepts the file as a raw text/csv body too", async () => {
    const { key } = await provider();
    const res = await postCsv("/provider/offers/bulk-upload", key, lines("sku,name,serviceType", "TV-1,TV,tv"), "csv");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ summary: { rows: 1, valid: 1, invalid: 0, created: 1 }, results: [created(1)] });
    expect((await offersOf(key)).map((offer) => offer.sku)).toEqual(["TV-1"]);
  });

  it("reads a UTF-8 BOM, CRLF line ends, quoted fields holding commas, quotes and line breaks, stray quotes", async () => {
    const { key } = await provider();
    const csv =
      "\uFEFFsku,name,serviceType,description\r\n" +
      'Q-1,"Fiber, fast",internet,"Line one,\r\nline ""two"""\r\n' +
      "\r\n" +
      ",,,\r\n" +
      "Q-2,Café ✓,tv,plain\r\n" +
      'Q-3, TV 27" screen , tv ,  "quoted, spaced"  \r\n';
    for (const as of ["multipart", "csv"] as const) {
      const check = await postCsv("/provider/offers/bulk-upload/validate", key, csv, as);
      expect(await check.json()).toEqual({
        summary: { rows: 3, valid: 3, invalid: 0, created: 0 },
        results: [valid(1, 2), valid(2, 6), valid(3, 7)],
      });
    }
    const res = await postCsv("/provider/offers/bulk-upload", key, new TextEncoder().encode(csv), "csv");
    expect(await res.json()).toEqual({
      summary: { rows: 3, valid: 3, invalid: 0, created: 3 },
      results: [created(1, 2), created(2, 6), created(3, 7)],
    });
    const offers = bySku(await offersOf(key));
    expect(offers.get("Q-1")).toMatchObject({ name: "Fiber, fast", description: 'Line one,\r\nline "two"' });
    expect(offers.get("Q-2")).toMatchObject({ name: "Café ✓", description: "plain" });
    // A stray quote in an unquoted cell is text; spaces around cells and quotes are trimmed.
    expect(offers.get("Q-3")).toMatchObject({
      name: 'TV 27" screen',
      serviceType: "tv",
      description: "quoted, spaced",
    });
  });

  it("reports a SKU repeated in the file, or taken by an existing offer, on the row", async () => {
    const { key } = await provider();
    await t.request("POST", "/provider/offers", { key, body: { name: "Old", sku: "OLD-1", serviceType: "tv" } });
    const csv = lines("sku,name,serviceType", "A-1,A,tv", "OLD-1,B,tv", "A-1,C,tv", " A-1 ,D,tv", "a-1,E,tv", ",F,tv");
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 6, valid: 2, invalid: 4, created: 2 },
      results: [
        created(1),
        invalid(2, 3, ["sku", "sku OLD-1 is already used by another offer"]),
        invalid(3, 4, ["sku", "sku A-1 is also used by row 1 of this file"]),
        invalid(4, 5, ["sku", "sku A-1 is also used by row 1 of this file"]),
        created(5),
        invalid(6, 7, ["sku", "sku must not be empty"]),
      ],
    });
    expect((await offersOf(key)).map((offer) => offer.name).sort()).toEqual(["A", "E", "Old"]);
  });

  it("reports unknown market and brand names on the row; names are the team's own", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    const other = await provider();
    await t.marketplace.markets.create(other.principal, { name: "Houston" });
    await t.marketplace.brands.create(other.principal, { name: "Other Brand" });
    const csv = lines(
      "sku,name,serviceType,marketNames,brandName",
      "M-1,A,tv,Austin;Houston;Nowhere,Other Brand",
      "M-2,B,tv,NULL,NULL",
    );
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 2, valid: 1, invalid: 1, created: 1 },
      results: [
        invalid(
          1,
          2,
          ["brandName", "brandName Other Brand is not one of the team's brands"],
          ["marketNames", "marketNames contains Houston, which is not one of the team's markets"],
          ["marketNames", "marketNames contains Nowhere, which is not one of the team's markets"],
        ),
        created(2),
      ],
    });
    expect((await offersOf(key)).map((offer) => [offer.sku, offer.marketIds, offer.brandId])).toEqual([
      ["M-2", [], null],
    ]);
  });

  it("reports every field problem of a row with its column, and a row of the wrong width", async () => {
    const { key } = await provider();
    const csv = lines(
      "sku,name,serviceType,promoDurationMonths,internet.downloadSpeedMbps,electricity.rateType,partnerSignup.signupUrlTemplate",
      "P-1,,radio,12.5,fast,,",
      "P-2,Power,electricity,,100,fixed,",
      "P-3,Lead,tv,,,,https://signup.example.com/?ref={orderItemId}",
      "P-4,Short,tv",
      "P-5,Long,tv,,,,,extra",
    );
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 5, valid: 1, invalid: 4, created: 1 },
      results: [
        invalid(
          1,
          2,
          ["name", "name must not be empty"],
          [
            "serviceType",
            "serviceType must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security",
          ],
          ["promoDurationMonths", "promoDurationMonths must be an integer from 1 to 60"],
          ["internet.downloadSpeedMbps", "internet is only allowed when serviceType is internet"],
        ),
        invalid(2, 3, ["internet.downloadSpeedMbps", "internet is only allowed when serviceType is internet"]),
        created(3),
        invalid(4, 5, [null, "row has 3 cells but the header has 7 columns"]),
        invalid(5, 6, [null, "row has 8 cells but the header has 7 columns"]),
      ],
    });
    const [lead] = await offersOf(key);
    expect(lead).toMatchObject({
      sku: "P-3",
      partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.example.com/?ref={orderItemId}" },
    });
  });

  it("answers a header-only file with no rows, and an empty file with 400", async () => {
    const { key } = await provider();
    const res = await postCsv("/provider/offers/bulk-upload", key, "sku,name,serviceType\r\n");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ summary: { rows: 0, valid: 0, invalid: 0, created: 0 }, results: [] });
    for (const empty of ["", "\r\n\r\n", "\uFEFF"]) {
      const bad = await postCsv("/provider/offers/bulk-upload", key, empty, "csv");
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual(badRequest("file is empty: its first line must be the header row"));
    }
  });

  it("rejects a header missing required columns or naming unknown ones with 400, writing nothing", async () => {
    const { key } = await provider();
    const res = await postCsv(
      "/provider/offers/bulk-upload",
      key,
      lines("name,Sku,colour,name", "A,A-1,red,A"),
      "multipart",
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest(
        'header has unknown column "Sku" (did you mean "sku"?)',
        'header has unknown column "colour"',
        'header has column "name" more than once',
        'header is missing required column "sku"',
        'header is missing required column "serviceType"',
      ),
    );
    const update = await postCsv(
      "/provider/offers/bulk-update/validate",
      key,
      lines("name,monthlyPrice", "A,1"),
      "csv",
    );
    expect(update.status).toBe(400);
    expect(await update.json()).toEqual(badRequest('header is missing required column "sku"'));
    expect(await offersOf(key)).toEqual([]);
  });

  it("rejects a file that is not valid CSV with 400 naming the line, before writing any row", async () => {
    const { key } = await provider();
    const unclosed = lines("sku,name,serviceType", "A-1,A,tv", "A-2,B,tv", 'A-3,"Never closed,tv', "A-4,D,tv");
    const res = await postCsv("/provider/offers/bulk-upload", key, unclosed);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(
      badRequest("file is not valid CSV: the record starting at line 4: a quoted field is never closed"),
    );
    const stray = await postCsv(
      "/provider/offers/bulk-upload",
      key,
      lines("sku,name,serviceType", 'A-1,"A"B,tv'),
      "csv",
    );
    expect(stray.status).toBe(400);
    expect(await stray.json()).toEqual(
      badRequest(
        'file is not valid CSV: the record starting at line 2: a closing quote is followed by other characters (write a quote inside a quoted field as "")',
      ),
    );
    expect(await offersOf(key)).toEqual([]);
  });

  it("writes the body in pieces that add up to exactly the use case's result as JSON", async () => {
    // The route streams 1,000 results at a time: 2,345 rows make three pieces, the last one short.
    const { key, principal } = await provider();
    const header = ["sku", "name", "serviceType", "monthlyPrice"];
    const cells = Array.from({ length: 2_345 }, (_, i) => [`S-${i}`, `Name "${i}"`, "tv", i === 1_500 ? "x" : "9.99"]);
    const csv = lines(header.join(","), ...cells.map((row) => csvLine(row)));
    const res = await postCsv("/provider/offers/bulk-upload/validate", key, csv, "csv");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    async function* rows() {
      for (const [index, row] of cells.entries()) yield { cells: row, line: index + 2 };
    }
    const direct = await t.marketplace.bulkOffers.upload(principal, { header, rows: rows() }, { validateOnly: true });
    expect(direct.summary).toEqual({ rows: 2_345, valid: 2_344, invalid: 1, created: 0 });
    expect(await res.text()).toBe(JSON.stringify(direct));
  });

  it("uploads 10,000 rows (over the 1 MB JSON limit) in batches and reports 10,000 results", async () => {
    const { key } = await provider();
    const rows = ["sku,name,serviceType,description,monthlyPrice,internet.downloadSpeedMbps,internet.connectionType"];
    for (let i = 1; i <= 10_000; i++) {
      const price = i === 5_000 ? "free" : `${(i % 90) + 10}.99`;
      rows.push(`BULK-${i},Fiber ${i},internet,"Plan number ${i}, ${"x".repeat(80)}",${price},${100 + i},fiber`);
    }
    const csv = lines(...rows);
    expect(csv.length).toBeGreaterThan(1024 * 1024);
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.summary).toEqual({ rows: 10_000, valid: 9_999, invalid: 1, created: 9_999 });
    expect(body.results).toHaveLength(10_000);
    expect(body.results[4_999]).toEqual(
      invalid(5_000, 5_001, [
        "monthlyPrice",
        'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"',
      ]),
    );
    body.results.forEach((result: { row: number; line: number; status: string }, index: number) => {
      expect(result.row).toBe(index + 1);
      expect(result.line).toBe(index + 2);
      if (index !== 4_999) expect(result.status).toBe("created");
    });
    expect(new Set(body.results.map((result: { offerId: string | null }) => result.offerId)).size).toBe(10_000);
    const offers = bySku(await offersOf(key));
    expect(offers.size).toBe(9_999);
    expect(offers.get("BULK-10000")).toMatchObject({ name: "Fiber 10000", monthlyPrice: "20.99", status: "draft" });
  });
});

describe("limits", () => {
  /** A valid upload file of at least `bytes` bytes. */
  function fileOf(bytes: number): Uint8Array<ArrayBuffer> {
    const row = `,Name,tv,${"d".repeat(1000)}\n`;
    const rows = ["sku,name,serviceType,description\n"];
    let size = rows[0]?.length ?? 0;
    for (let i = 0; size < bytes; i++) {
      rows.push(`L-${i}${row}`);
      size += `L-${i}${row}`.length;
    }
    return new TextEncoder().encode(rows.join(""));
  }
  const tooLarge = { statusCode: 413, message: `CSV file must not exceed ${MB10} bytes`, error: "Payload Too Large" };

  it("answers 413 for a file over 10 MB, declared or streamed, multipart or raw, and writes nothing", async () => {
    const { key } = await provider();
    const big = fileOf(MB10 + 1);
    const declared = await t.app.request("/provider/offers/bulk-upload", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "text/csv", "content-length": String(big.length) },
      body: big,
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual(tooLarge);

    const raw = await t.app.request("/provider/offers/bulk-upload", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "text/csv" },
      body: streamed(big),
      duplex: "half",
    } as RequestInit);
    expect(raw.status).toBe(413);
    expect(await raw.json()).toEqual(tooLarge);

    const multipart = await postCsv("/provider/offers/bulk-upload", key, big);
    expect(multipart.status).toBe(413);
    expect(await multipart.json()).toEqual(tooLarge);
    expect(await offersOf(key)).toEqual([]);
  });

  it("accepts a file of just under 10 MB", async () => {
    const { key } = await provider();
    const file = fileOf(MB10 - 2048);
    expect(file.length).toBeLessThanOrEqual(MB10);
    const res = await postCsv("/provider/offers/bulk-upload/validate", key, file);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.summary.invalid).toBe(0);
    expect(body.summary.rows).toBeGreaterThan(9_000);
  });

  it("answers 413 past 50,000 data rows, writing nothing; 50,000 rows are accepted", async () => {
    const { key } = await provider();
    const rows = ["sku,name,serviceType"];
    for (let i = 1; i <= 50_000; i++) rows.push(`R-${i},N,tv`);
    const atLimit = await postCsv("/provider/offers/bulk-upload/validate", key, lines(...rows), "csv");
    expect(atLimit.status).toBe(200);
    expect((await atLimit.json()).summary).toEqual({ rows: 50_000, valid: 50_000, invalid: 0, created: 0 });

    rows.push("R-50001,N,tv");
    const over = await postCsv("/provider/offers/bulk-upload", key, lines(...rows));
    expect(over.status).toBe(413);
    expect(await over.json()).toEqual({
      statusCode: 413,
      message: "CSV file must not have more than 50000 data rows",
      error: "Payload Too Large",
    });
    expect(await offersOf(key)).toEqual([]);
  });
});

describe("request checks before the file is read", () => {
  const paths = [
    "/provider/offers/bulk-upload",
    "/provider/offers/bulk-upload/validate",
    "/provider/offers/bulk-update",
    "/provider/offers/bulk-update/validate",
  ];

  it("answers 401 without a valid key and 403 for a reseller, whatever the body", async () => {
    const { apiKey: reseller } = await t.createTeam("reseller");
    const huge = new Uint8Array(MB10 + 10).fill(0x22);
    for (const path of paths) {
      const anonymous = await t.app.request(path, {
        method: "POST",
        headers: { "content-type": "text/csv" },
        body: huge,
      });
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({
        statusCode: 401,
        message: "Missing or invalid API key",
        error: "Unauthorized",
      });
      const forbidden = await t.app.request(path, {
        method: "POST",
        headers: { "x-api-key": reseller, "content-type": "application/json" },
        body: '{"not": "csv"',
      });
      expect(forbidden.status).toBe(403);
      expect((await forbidden.json()).statusCode).toBe(403);
    }
    const template = await t.request("GET", "/provider/offers/bulk-upload/template", { key: reseller });
    expect(template.status).toBe(403);
  });

  it("answers 415 for a body that is neither multipart/form-data nor text/csv", async () => {
    const { key } = await provider();
    for (const contentType of ["application/json", "text/plain", null]) {
      const headers: Record<string, string> = { "x-api-key": key };
      if (contentType) headers["content-type"] = contentType;
      const res = await t.app.request(paths[0] as string, {
        method: "POST",
        headers,
        body: new TextEncoder().encode("sku,name,serviceType\n"),
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        statusCode: 415,
        message: "Send the CSV file as multipart/form-data (field file) or as a text/csv body",
        error: "Unsupported Media Type",
      });
    }
  });

  it("answers 400 for multipart without a file field, or not valid multipart", async () => {
    const { key } = await provider();
    const form = new FormData();
    form.append("upload", new Blob(["sku,name,serviceType\n"]), "offers.csv");
    const noFile = await t.app.request(paths[0] as string, {
      method: "POST",
      headers: { "x-api-key": key },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual(
      badRequest("file is required: send the CSV file as the multipart/form-data field file"),
    );

    const truncated = await t.app.request(paths[0] as string, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "multipart/form-data; boundary=XyZ" },
      body: '--XyZ\r\nContent-Disposition: form-data; name="file"\r\n\r\nsku,name,serviceType\nA,B,tv\n',
    });
    expect(truncated.status).toBe(400);
    expect(await truncated.json()).toEqual(
      badRequest("body is not valid multipart/form-data: the body ends before its closing boundary"),
    );

    const noBoundary = await t.app.request(paths[0] as string, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "multipart/form-data" },
      body: "x",
    });
    expect(noBoundary.status).toBe(400);
    expect(await noBoundary.json()).toEqual(
      badRequest("content-type multipart/form-data must have a boundary parameter"),
    );
    expect(await offersOf(key)).toEqual([]);
  });

  it("reads a hand-written multipart body: quoted boundary, preamble, file part last", async () => {
    const { key } = await provider();
    const body =
      "preamble to ignore\r\n" +
      "--b-1\r\n" +
      'Content-Disposition: form-data; name="other"\r\n\r\n' +
      "value\r\n--b-1\r\n" +
      'content-disposition: form-data; filename="x.csv"; name=file\r\n' +
      "Content-Type: application/vnd.ms-excel\r\n\r\n" +
      "sku,name,serviceType\r\nH-1,Hand,tv\r\n" +
      "\r\n--b-1--\r\n";
    const res = await t.app.request("/provider/offers/bulk-upload", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": 'multipart/form-data; boundary="b-1"' },
      body,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ summary: { rows: 1, valid: 1, invalid: 0, created: 1 }, results: [created(1)] });
  });

  it("rejects unknown query parameters with 400", async () => {
    const { key } = await provider();
    const res = await t.app.request("/provider/offers/bulk-upload?dryRun=true", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "text/csv" },
      body: "sku,name,serviceType\n",
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(badRequest("property dryRun should not exist"));
  });
});

describe("validate endpoints", () => {
  it("write nothing and answer what the real upload answers", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    await t.request("POST", "/provider/offers", { key, body: { name: "Old", sku: "OLD", serviceType: "tv" } });
    const csv = lines(
      "sku,name,serviceType,marketNames,monthlyPrice",
      "V-1,One,tv,Austin,10",
      "OLD,Two,tv,,10",
      "V-1,Three,tv,,10",
      "V-4,Four,tv,Nowhere,10.001",
      "V-5,Five,tv,,",
    );
    const before = await offersOf(key);
    const check = await postCsv("/provider/offers/bulk-upload/validate", key, csv);
    expect(check.status).toBe(200);
    const validation = await check.json();
    expect(await offersOf(key)).toEqual(before);

    const real = await (await postCsv("/provider/offers/bulk-upload", key, csv)).json();
    expect(real.summary).toEqual({ rows: 5, valid: 2, invalid: 3, created: 2 });
    expect(validation).toEqual(asValidation(real));
    expect(validation.summary).toEqual({ rows: 5, valid: 2, invalid: 3, created: 0 });
    expect((await offersOf(key)).length).toBe(before.length + 2);
  });
});

describe("POST /provider/offers/bulk-update", () => {
  async function seed(key: string) {
    const csv = lines(
      "sku,name,serviceType,description,monthlyPrice,promoMonthlyPrice,promoDurationMonths,marketNames,internet.downloadSpeedMbps,internet.connectionType",
      "U-1,Fiber,internet,Original,50.00,40.00,6,Austin,500,fiber",
      "U-2,Cable,internet,Second,30.00,,,,,",
      "U-3,TV,tv,Third,20.00,,,,,",
    );
    const res = await postCsv("/provider/offers/bulk-upload", key, csv);
    expect((await res.json()).summary.created).toBe(3);
    const offers = bySku(await offersOf(key));
    const publish = await t.request("POST", `/provider/offers/${offers.get("U-1")?.id}/publish`, { key });
    expect(publish.status).toBe(200);
    return bySku(await offersOf(key));
  }

  it("updates offers found by SKU: empty cells leave fields unchanged, NULL clears them", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    const dallas = await t.marketplace.markets.create(principal, { name: "Dallas" });
    const before = await seed(key);
    const csv = lines(
      "sku,name,description,monthlyPrice,promoMonthlyPrice,promoDurationMonths,marketNames,internet.uploadSpeedMbps",
      "U-1,,,55,,,Dallas,100",
      "U-2,Cable Plus,NULL,,,,,",
      "U-3,,,,,,NULL,",
    );
    const check = await (await postCsv("/provider/offers/bulk-update/validate", key, csv, "csv")).json();
    expect(bySku(await offersOf(key))).toEqual(before);

    const res = await postCsv("/provider/offers/bulk-update", key, csv, "csv");
    expect(res.status).toBe(200);
    const body = await res.json();
    const updated = (row: number, sku: string) => ({
      row,
      line: row + 1,
      status: "updated",
      offerId: before.get(sku)?.id,
      errors: [],
    });
    expect(body).toEqual({
      summary: { rows: 3, valid: 3, invalid: 0, updated: 3 },
      results: [updated(1, "U-1"), updated(2, "U-2"), updated(3, "U-3")],
    });
    expect(check).toEqual(asValidation(body));
    expect(check.results[0]).toEqual(valid(1, 2, before.get("U-1")?.id));

    const after = bySku(await offersOf(key));
    const { updatedAt: _1, ...u1 } = after.get("U-1") as Record<string, unknown>;
    const { updatedAt: _2, ...u1Before } = before.get("U-1") as Record<string, unknown>;
    expect(u1).toEqual({
      ...u1Before,
      monthlyPrice: "55.00",
      marketIds: [dallas.id],
      internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 100, connectionType: "fiber", dataCapGb: null },
    });
    expect(after.get("U-1")?.status).toBe("active");
    expect(after.get("U-2")).toMatchObject({ name: "Cable Plus", description: null, monthlyPrice: "30.00" });
    expect(after.get("U-3")).toMatchObject({ name: "TV", description: "Third", marketIds: [] });
  });

  it("keeps an active offer publishable: a row that breaks readiness fails with the publish problems", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    const before = await seed(key);
    const csv = lines(
      "sku,monthlyPrice,promoMonthlyPrice,internet.connectionType,internet.downloadSpeedMbps",
      "U-1,NULL,,NULL,",
      "U-2,NULL,,NULL,",
      "U-1,45,,,",
    );
    const res = await postCsv("/provider/offers/bulk-update", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 3, valid: 1, invalid: 2, updated: 1 },
      results: [
        invalid(
          1,
          2,
          ["monthlyPrice", "monthlyPrice is required to publish"],
          ["internet.connectionType", "internet.connectionType is required to publish"],
        ),
        { row: 2, line: 3, status: "updated", offerId: before.get("U-2")?.id, errors: [] },
        invalid(3, 4, ["sku", "sku U-1 is also used by row 1 of this file"]),
      ],
    });
    const after = bySku(await offersOf(key));
    expect(after.get("U-1")).toEqual(before.get("U-1"));
    expect(after.get("U-2")).toMatchObject({ status: "draft", monthlyPrice: null, internet: { connectionType: null } });
  });

  it("reports a SKU matching no offer of the team, an empty SKU, and field problems on the row", async () => {
    const { key, principal } = await provider();
    await t.marketplace.markets.create(principal, { name: "Austin" });
    await seed(key);
    const other = await provider();
    await t.request("POST", "/provider/offers", {
      key: other.key,
      body: { name: "X", sku: "THEIRS", serviceType: "tv" },
    });
    const csv = lines(
      "sku,name,serviceType,monthlyPrice,marketNames",
      "THEIRS,Mine now,,,",
      ",No sku,,,",
      "U-3,,radio,-1,Nowhere",
    );
    const res = await postCsv("/provider/offers/bulk-update", key, csv);
    expect(await res.json()).toEqual({
      summary: { rows: 3, valid: 0, invalid: 3, updated: 0 },
      results: [
        invalid(1, 2, ["sku", "sku THEIRS matches none of the team's offers"]),
        invalid(2, 3, ["sku", "sku must not be empty"]),
        invalid(
          3,
          4,
          ["marketNames", "marketNames contains Nowhere, which is not one of the team's markets"],
          [
            "serviceType",
            "serviceType must be one of the following values: internet, electricity, natural_gas, tv, mobile, home_security",
          ],
          ["monthlyPrice", 'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"'],
        ),
      ],
    });
  });
});

describe("a concurrent writer taking a SKU between the check and the write", () => {
  it("fails only the colliding rows: the batch is retried row by row", async () => {
    const { key, principal } = await provider();
    // Another writer commits an offer with the next SKU in the queue right after each SKU check.
    const racing: string[] = [];
    const plain = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: t.database.db }) });
    const inner = new PostgresUnitOfWork({ db: t.database.db });
    const unitOfWork: UnitOfWork = {
      repositories: inner.repositories,
      transaction: (work) =>
        inner.transaction((scope: TransactionScope) => {
          const offers: OfferRepository = Object.create(scope.offers);
          offers.findBySkus = async (teamId: string, skus: readonly string[]): Promise<Offer[]> => {
            const found = await scope.offers.findBySkus(teamId, skus);
            const sku = racing.shift();
            if (sku) await plain.offers.create(principal, { name: "Racer", sku, serviceType: "tv" });
            return found;
          };
          return work({ ...scope, offers });
        }),
    };
    const app = createApp({
      marketplace: createMarketplace({ unitOfWork }),
      checkHealth: () => pingDatabase(t.database.db),
    });
    // Batch check: RACE-2 taken; row 1 and row 2 re-checks: nothing; row 3 re-check: RACE-3 taken.
    racing.push("RACE-2", "", "", "RACE-3");
    const res = await app.request("/provider/offers/bulk-upload", {
      method: "POST",
      headers: { "x-api-key": key, "content-type": "text/csv" },
      body: lines("sku,name,serviceType", "RACE-1,One,tv", "RACE-2,Two,tv", "RACE-3,Three,tv", "RACE-4,Four,tv"),
    });
    expect(res.status).toBe(200);
    // RACE-2 is seen by the row's own re-check; RACE-3 is taken again between that check and its insert.
    expect(await res.json()).toEqual({
      summary: { rows: 4, valid: 2, invalid: 2, created: 2 },
      results: [
        created(1),
        invalid(2, 3, ["sku", "sku RACE-2 is already used by another offer"]),
        invalid(3, 4, ["sku", "sku RACE-3 is already used by another offer"]),
        created(4),
      ],
    });
    expect(racing).toEqual([]);
    const names = (await offersOf(key)).map((offer) => `${offer.sku} ${offer.name}`).sort();
    expect(names).toEqual(["RACE-1 One", "RACE-2 Racer", "RACE-3 Racer", "RACE-4 Four"]);
  });
});

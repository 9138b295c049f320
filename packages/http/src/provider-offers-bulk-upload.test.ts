import { describe, expect, it } from "vitest";
import {
  badRequest,
  bySku,
  created,
  invalid,
  lines,
  offersOf,
  postCsv,
  provider,
  setupBulkApp,
  t,
  valid,
} from "../../../test/helpers/http/provider-offers-bulk.ts";
import { csvLine } from "./routes/provider-offers-bulk.ts";

setupBulkApp();

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

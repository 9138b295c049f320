import { describe, expect, it } from "vitest";
import {
  asValidation,
  badRequest,
  created,
  lines,
  MB10,
  offersOf,
  postCsv,
  provider,
  setupBulkApp,
  streamed,
  t,
} from "../../../test/helpers/http/provider-offers-bulk.ts";

setupBulkApp();

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

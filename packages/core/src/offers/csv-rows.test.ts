import { describe, expect, it } from "vitest";
import {
  BULK_CSV_LIMITS,
  csvHeaderProblems,
  fieldProblemErrors,
  OFFER_CSV_COLUMNS,
  OFFER_CSV_EXAMPLE,
  type OfferCsvColumn,
  publishProblemErrors,
  readOfferRow,
  splitMarketNames,
} from "./csv-rows.ts";
import { applyOfferPatch, blankOfferFields, type NewOffer, offerFieldProblems } from "./offer-fields.ts";
import { checkPublishReadiness } from "./publish-readiness.ts";

const UPLOAD_HEADER: OfferCsvColumn[] = ["sku", "name", "serviceType"];

/** Reads a row of `header` and applies it to a new offer, as bulk-upload does (names left unresolved). */
function uploadRow(header: readonly OfferCsvColumn[], cells: readonly string[]) {
  const request = readOfferRow(header, cells);
  const patch = request.patch as NewOffer;
  const fields = applyOfferPatch(blankOfferFields(patch.name ?? "", patch.serviceType), patch);
  return { request, fields, problems: offerFieldProblems(patch, fields) };
}

describe("csvHeaderProblems", () => {
  it("accepts every column once, in any order, spaces trimmed", () => {
    expect(csvHeaderProblems([...OFFER_CSV_COLUMNS].reverse(), "upload")).toEqual([]);
    expect(csvHeaderProblems([" serviceType", "name ", "sku"], "upload")).toEqual([]);
    expect(csvHeaderProblems(["sku"], "update")).toEqual([]);
    expect(csvHeaderProblems(["monthlyPrice", "sku"], "update")).toEqual([]);
  });

  it("names each missing required column: sku, name and serviceType for upload, sku for update", () => {
    expect(csvHeaderProblems(["name", "description"], "upload")).toEqual([
      'header is missing required column "sku"',
      'header is missing required column "serviceType"',
    ]);
    expect(csvHeaderProblems(["name", "serviceType"], "update")).toEqual(['header is missing required column "sku"']);
  });

  it("names unknown, repeated and unnamed columns, suggesting the spelling of a column in another case", () => {
    expect(csvHeaderProblems(["sku", "name", "serviceType", "monthlyprice", "color", "sku", ""], "upload")).toEqual([
      'header has unknown column "monthlyprice" (did you mean "monthlyPrice"?)',
      'header has unknown column "color"',
      'header has column "sku" more than once',
      "header column 7 has no name",
    ]);
  });

  it("does not accept JSON names that have a CSV column of their own", () => {
    expect(csvHeaderProblems(["sku", "brandId", "marketIds", "internet"], "update")).toEqual([
      'header has unknown column "brandId"',
      'header has unknown column "marketIds"',
      'header has unknown column "internet"',
    ]);
  });
});

describe("readOfferRow", () => {
  it("maps every column to the offer patch: text as written, integers parsed, names kept for resolving", () => {
    const cells: Record<OfferCsvColumn, string> = {
      sku: " FIB-1 ",
      name: "Fiber 1",
      serviceType: "internet",
      description: "Fast, reliable",
      marketingHeadline: "Now faster",
      brandName: "Acme Fiber",
      marketNames: "Austin; Dallas;austin;;",
      monthlyPrice: "49.9",
      promoMonthlyPrice: "39.99",
      promoDurationMonths: "6",
      contractTermMonths: "24",
      commission: "10",
      submissionUrl: "https://partner.example.com/orders",
      "partnerSignup.signupUrlTemplate": "https://signup.example.com/?ref={orderItemId}",
      "internet.downloadSpeedMbps": "1000",
      "internet.uploadSpeedMbps": "+500",
      "internet.connectionType": "fiber",
      "internet.dataCapGb": "007",
      "electricity.ratePerKwh": "0.1425",
      "electricity.rateType": "fixed",
      "electricity.renewablePercent": "100",
      "electricity.termMonths": "12",
    };
    const request = readOfferRow(
      OFFER_CSV_COLUMNS,
      OFFER_CSV_COLUMNS.map((column) => cells[column]),
    );
    expect(request).toEqual({
      sku: "FIB-1",
      brandName: "Acme Fiber",
      marketNames: ["Austin", "Dallas"],
      filled: [...OFFER_CSV_COLUMNS],
      patch: {
        sku: "FIB-1",
        name: "Fiber 1",
        serviceType: "internet",
        description: "Fast, reliable",
        marketingHeadline: "Now faster",
        monthlyPrice: "49.9",
        promoMonthlyPrice: "39.99",
        promoDurationMonths: 6,
        contractTermMonths: 24,
        commission: "10",
        submissionUrl: "https://partner.example.com/orders",
        partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.example.com/?ref={orderItemId}" },
        internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: 500, connectionType: "fiber", dataCapGb: 7 },
        electricity: { ratePerKwh: "0.1425", rateType: "fixed", renewablePercent: 100, termMonths: 12 },
      },
    });
  });

  it("leaves empty and blank cells out, so they leave the field as it is", () => {
    const header: OfferCsvColumn[] = ["sku", "name", "monthlyPrice", "brandName", "marketNames", "internet.dataCapGb"];
    expect(readOfferRow(header, ["A-1", "", "  ", "", "", ""])).toEqual({
      sku: "A-1",
      patch: { sku: "A-1" },
      filled: ["sku"],
    });
  });

  it("reads NULL as a cleared field: null, no brand, no markets, no partner signup", () => {
    const header: OfferCsvColumn[] = [
      "sku",
      "description",
      "promoMonthlyPrice",
      "promoDurationMonths",
      "brandName",
      "marketNames",
      "partnerSignup.signupUrlTemplate",
      "internet.dataCapGb",
      "electricity.rateType",
    ];
    const request = readOfferRow(header, ["A-1", ...Array(header.length - 1).fill("NULL")]);
    expect(request).toEqual({
      sku: "A-1",
      brandName: null,
      marketNames: [],
      filled: header,
      patch: {
        sku: "A-1",
        description: null,
        promoMonthlyPrice: null,
        promoDurationMonths: null,
        partnerSignup: null,
        internet: { dataCapGb: null },
        electricity: { rateType: null },
      },
    });
  });

  it("takes NULL literally only as the whole cell, in capitals", () => {
    expect(readOfferRow(["description"], ["null"]).patch).toEqual({ description: "null" });
    expect(readOfferRow(["description"], ["NULL values"]).patch).toEqual({ description: "NULL values" });
    expect(readOfferRow(["description"], [" NULL "]).patch).toEqual({ description: null });
  });

  it("turns an integer cell that is not a plain integer into NaN, reported by the field rules", () => {
    for (const cell of ["12.5", "abc", "1e3", "0x10", "12 months"]) {
      const { request, problems } = uploadRow([...UPLOAD_HEADER, "promoDurationMonths"], ["A", "N", "tv", cell]);
      expect(Number.isNaN(request.patch.promoDurationMonths)).toBe(true);
      expect(problems).toEqual(["promoDurationMonths must be an integer from 1 to 60"]);
    }
  });

  it("reads a row shorter than the header as empty trailing cells", () => {
    expect(readOfferRow(["sku", "name"], ["A-1"]).patch).toEqual({ sku: "A-1" });
  });
});

describe("splitMarketNames", () => {
  it("trims, drops empty names and repeats (ignoring case, first spelling kept)", () => {
    expect(splitMarketNames(" Austin ;Dallas;; AUSTIN ; El Paso ")).toEqual(["Austin", "Dallas", "El Paso"]);
    expect(splitMarketNames(";;")).toEqual([]);
  });

  it("leaves the markets unchanged when a cell holds only separators", () => {
    expect(readOfferRow(["sku", "marketNames"], ["A", ";"]).marketNames).toBeUndefined();
  });
});

describe("fieldProblemErrors", () => {
  it("names the column of each field problem, with the message of the field rules", () => {
    const { request, problems } = uploadRow(
      [...UPLOAD_HEADER, "monthlyPrice", "internet.uploadSpeedMbps", "internet.connectionType"],
      ["A", "", "internet", "49.999", "0", "copper"],
    );
    expect(fieldProblemErrors(problems, request)).toEqual([
      { column: "name", message: "name must not be empty" },
      {
        column: "monthlyPrice",
        message: 'monthlyPrice must be a decimal string with at most two decimals, e.g. "49.99"',
      },
      { column: "internet.uploadSpeedMbps", message: "internet.uploadSpeedMbps must be an integer from 1 to 100000" },
      {
        column: "internet.connectionType",
        message:
          "internet.connectionType must be one of the following values: fiber, cable, dsl, fixed_wireless, satellite, 5g_home",
      },
    ]);
  });

  it("attributes details of another service type to the row's first filled column of them", () => {
    const { request, problems } = uploadRow(
      [...UPLOAD_HEADER, "internet.connectionType", "electricity.ratePerKwh"],
      ["A", "Power", "electricity", "", "0.12"],
    );
    expect(problems).toEqual([]);
    const wrong = uploadRow(
      [...UPLOAD_HEADER, "internet.dataCapGb", "internet.connectionType"],
      ["A", "Power", "electricity", "", "fiber"],
    );
    expect(fieldProblemErrors(wrong.problems, wrong.request)).toEqual([
      { column: "internet.connectionType", message: "internet is only allowed when serviceType is internet" },
    ]);
    expect(request.filled).toEqual(["sku", "name", "serviceType", "electricity.ratePerKwh"]);
  });

  it("renames marketIds and brandId problems to the marketNames and brandName columns", () => {
    const request = readOfferRow(["sku"], ["A"]);
    expect(
      fieldProblemErrors(
        ["marketIds must contain at most 100 elements", "marketIds.3 must be a UUID", "brandId must be a UUID"],
        request,
      ),
    ).toEqual([
      { column: "marketNames", message: "marketNames must contain at most 100 elements" },
      { column: "marketNames", message: "marketNames must be a UUID" },
      { column: "brandName", message: "brandName must be a UUID" },
    ]);
  });

  it("names no column for a problem of no column", () => {
    expect(fieldProblemErrors(["body must be an object"], readOfferRow([], []))).toEqual([
      { column: null, message: "body must be an object" },
    ]);
  });
});

describe("publishProblemErrors", () => {
  it("reports each unmet publish rule on its field's column", () => {
    const fields = applyOfferPatch(blankOfferFields("Fiber", "internet"), { sku: "A", monthlyPrice: "0" });
    const readiness = checkPublishReadiness(fields);
    expect(readiness.ready).toBe(false);
    if (readiness.ready) return;
    expect(publishProblemErrors(readiness.problems)).toEqual([
      { column: "monthlyPrice", message: "monthlyPrice must be greater than 0" },
      { column: "internet.downloadSpeedMbps", message: "internet.downloadSpeedMbps is required to publish" },
      { column: "internet.connectionType", message: "internet.connectionType is required to publish" },
    ]);
  });
});

describe("OFFER_CSV_EXAMPLE", () => {
  it("fills in every column, and is a valid, publishable offer as it stands", () => {
    expect(Object.keys(OFFER_CSV_EXAMPLE)).toEqual([...OFFER_CSV_COLUMNS]);
    const { request, fields, problems } = uploadRow(
      OFFER_CSV_COLUMNS,
      OFFER_CSV_COLUMNS.map((column) => OFFER_CSV_EXAMPLE[column]),
    );
    expect(csvHeaderProblems(OFFER_CSV_COLUMNS, "upload")).toEqual([]);
    expect(problems).toEqual([]);
    expect(request.sku).toBe("FIBER-500-EXAMPLE");
    // Names are the team's own: the example names none, so it uploads for every team.
    expect(request.brandName).toBeUndefined();
    expect(request.marketNames).toBeUndefined();
    expect(checkPublishReadiness(fields)).toEqual({ ready: true });
  });
});

describe("BULK_CSV_LIMITS", () => {
  it("are 10 MB and 50,000 rows, written 500 rows per batch", () => {
    expect(BULK_CSV_LIMITS).toEqual({ maxBytes: 10_485_760, maxRows: 50_000, batchSize: 500 });
  });
});

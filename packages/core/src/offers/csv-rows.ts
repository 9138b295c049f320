/**
 * Offers as CSV rows: the columns of the bulk files, the header check, the template's example row,
 * and the mapping of one data row to an offer patch. Pure: brand and market names are resolved to ids
 * by the use case (`bulk-offer-use-cases.ts`); the field rules are those of `offer-fields.ts`.
 *
 * Cells: an empty cell leaves the field as it is (unset for a new offer, unchanged on update); the
 * literal `NULL` clears a field. Numbers are plain integers; money and rates are decimal strings as in
 * the JSON API; `marketNames` is a semicolon-separated list of the team's market names.
 *
 * @module
 */

import type { PublishProblem } from "../errors.ts";
import type { OfferPatch } from "./offer-fields.ts";
import type { ConnectionType, RateType, ServiceType } from "./types.ts";

/** What a bulk file does: `upload` creates offers, `update` changes offers found by SKU. */
export type BulkCsvMode = "upload" | "update";

/**
 * Every column a bulk file may have, in template order: the offer's JSON field names, with nested
 * fields flattened by a dot, and names instead of ids for the brand and the markets.
 */
export const OFFER_CSV_COLUMNS = [
  "sku",
  "name",
  "serviceType",
  "description",
  "marketingHeadline",
  "brandName",
  "marketNames",
  "monthlyPrice",
  "promoMonthlyPrice",
  "promoDurationMonths",
  "contractTermMonths",
  "commission",
  "submissionUrl",
  "partnerSignup.signupUrlTemplate",
  "internet.downloadSpeedMbps",
  "internet.uploadSpeedMbps",
  "internet.connectionType",
  "internet.dataCapGb",
  "electricity.ratePerKwh",
  "electricity.rateType",
  "electricity.renewablePercent",
  "electricity.termMonths",
] as const;

/** A column of a bulk file. */
export type OfferCsvColumn = (typeof OFFER_CSV_COLUMNS)[number];

/**
 * Columns the header must have. Upload: what a new offer needs, and its SKU (the key bulk-update
 * finds it by). Update: the SKU only; every other column is optional.
 */
export const OFFER_CSV_REQUIRED_COLUMNS: Readonly<Record<BulkCsvMode, readonly OfferCsvColumn[]>> = {
  upload: ["sku", "name", "serviceType"],
  update: ["sku"],
};

/** The cell value that clears a field (a `NULL` in bulk-upload is the same as an empty cell). */
const CSV_NULL = "NULL";

/** Separates market names in the `marketNames` column. */
const MARKET_NAMES_SEPARATOR = ";";

/** How the cells of a bulk file are read, in words: for the API's documentation. */
export const OFFER_CSV_CELL_RULES = `An empty cell leaves the field as it is; ${CSV_NULL} clears it. marketNames lists the team's market names separated by "${MARKET_NAMES_SEPARATOR}".`;

/** Limits of a bulk file, and how many valid rows are written per transaction. */
export const BULK_CSV_LIMITS = {
  /** Largest file, in bytes (10 MB). */
  maxBytes: 10 * 1024 * 1024,
  /** Most data rows (the header and blank rows not counted). */
  maxRows: 50_000,
  /** Valid rows written per statement and transaction. */
  batchSize: 500,
} as const;

/**
 * The template's example row: a publishable internet offer. Its brand and markets are empty because
 * names are the team's own: a name here would be an unknown name for every other team.
 */
export const OFFER_CSV_EXAMPLE: Readonly<Record<OfferCsvColumn, string>> = {
  sku: "FIBER-500-EXAMPLE",
  name: "Fiber 500",
  serviceType: "internet",
  description: "Symmetric fiber, no data cap, free installation",
  marketingHeadline: "500 Mbps fiber for $49.99 a month",
  brandName: "",
  marketNames: "",
  monthlyPrice: "59.99",
  promoMonthlyPrice: "49.99",
  promoDurationMonths: "12",
  contractTermMonths: "12",
  commission: "25.00",
  submissionUrl: "",
  "partnerSignup.signupUrlTemplate": "",
  "internet.downloadSpeedMbps": "500",
  "internet.uploadSpeedMbps": "500",
  "internet.connectionType": "fiber",
  "internet.dataCapGb": "",
  "electricity.ratePerKwh": "",
  "electricity.rateType": "",
  "electricity.renewablePercent": "",
  "electricity.termMonths": "",
};

/** A problem with one data row: the column it concerns (null: the row as a whole) and why. */
export interface CsvRowError {
  column: string | null;
  message: string;
}

/**
 * Problems with a header row, one message per problem; empty when the header is valid. Column names
 * are compared exactly (camelCase, as in the template) after trimming spaces.
 *
 * @example
 * csvHeaderProblems(["sku", "Name"], "upload");
 * // ['header has unknown column "Name" (did you mean "name"?)', 'header is missing required column "name"', …]
 */
export function csvHeaderProblems(header: readonly string[], mode: BulkCsvMode): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const name = raw.trim();
    if (name === "") {
      problems.push(`header column ${index + 1} has no name`);
    } else if (!isOfferCsvColumn(name)) {
      const guess = OFFER_CSV_COLUMNS.find((column) => column.toLowerCase() === name.toLowerCase());
      problems.push(`header has unknown column ${JSON.stringify(name)}${guess ? ` (did you mean "${guess}"?)` : ""}`);
    } else if (seen.has(name)) {
      problems.push(`header has column "${name}" more than once`);
    }
    seen.add(name);
  });
  for (const column of OFFER_CSV_REQUIRED_COLUMNS[mode]) {
    if (!seen.has(column)) problems.push(`header is missing required column "${column}"`);
  }
  return problems;
}

/** True for the name of a bulk file column. */
export function isOfferCsvColumn(name: string): name is OfferCsvColumn {
  return (OFFER_CSV_COLUMNS as readonly string[]).includes(name);
}

/** What one data row asks for, before the brand and market names are resolved to ids. */
export interface OfferRowRequest {
  /** The trimmed SKU; null when the cell is empty, `NULL` or the column is absent. */
  sku: string | null;
  /** The fields the row sets (SKU included), without `brandId` and `marketIds`. */
  patch: OfferPatch;
  /** The brand's name; null removes the brand; absent leaves it. */
  brandName?: string | null;
  /** The markets' names, without duplicates (compared ignoring case); [] unlinks every market; absent leaves them. */
  marketNames?: string[];
  /** Columns with a non-empty cell in this row, in column order (to attribute problems to columns). */
  filled: OfferCsvColumn[];
}

/**
 * Reads one data row: `columns` are the header's columns (validated by `csvHeaderProblems`), `cells`
 * the row's cells in the same order. Values are passed on as written (text is trimmed, integers
 * parsed); whether they are valid is for `offerFieldProblems` to say, so an integer cell that is not
 * a plain integer becomes NaN and is reported there.
 *
 * @example
 * readOfferRow(["sku", "name", "serviceType", "monthlyPrice"], ["A-1", "Fiber", "internet", "49.99"]).patch;
 * // { sku: "A-1", name: "Fiber", serviceType: "internet", monthlyPrice: "49.99" }
 */
export function readOfferRow(columns: readonly OfferCsvColumn[], cells: readonly string[]): OfferRowRequest {
  const request: OfferRowRequest = { sku: null, patch: {}, filled: [] };
  const { patch } = request;
  columns.forEach((column, index) => {
    const value = (cells[index] ?? "").trim();
    if (value === "") return;
    request.filled.push(column);
    const text = value === CSV_NULL ? null : value;
    const int = text === null ? null : integer(text);
    switch (column) {
      case "sku":
        request.sku = text;
        patch.sku = text;
        break;
      case "name":
        // A NULL name is kept as null for offerFieldProblems to report ("name must not be empty").
        patch.name = text as string;
        break;
      case "serviceType":
        patch.serviceType = text as ServiceType;
        break;
      case "description":
      case "marketingHeadline":
      case "monthlyPrice":
      case "promoMonthlyPrice":
      case "commission":
      case "submissionUrl":
        patch[column] = text;
        break;
      case "promoDurationMonths":
      case "contractTermMonths":
        patch[column] = int;
        break;
      case "brandName":
        request.brandName = text;
        break;
      case "marketNames": {
        if (text === null) request.marketNames = [];
        else {
          const names = splitMarketNames(text);
          if (names.length > 0) request.marketNames = names;
        }
        break;
      }
      case "partnerSignup.signupUrlTemplate":
        patch.partnerSignup = text === null ? null : { kind: "lead_gen", signupUrlTemplate: text };
        break;
      case "internet.downloadSpeedMbps":
        patch.internet = { ...patch.internet, downloadSpeedMbps: int };
        break;
      case "internet.uploadSpeedMbps":
        patch.internet = { ...patch.internet, uploadSpeedMbps: int };
        break;
      case "internet.dataCapGb":
        patch.internet = { ...patch.internet, dataCapGb: int };
        break;
      case "internet.connectionType":
        patch.internet = { ...patch.internet, connectionType: text as ConnectionType | null };
        break;
      case "electricity.ratePerKwh":
        patch.electricity = { ...patch.electricity, ratePerKwh: text };
        break;
      case "electricity.rateType":
        patch.electricity = { ...patch.electricity, rateType: text as RateType | null };
        break;
      case "electricity.renewablePercent":
        patch.electricity = { ...patch.electricity, renewablePercent: int };
        break;
      case "electricity.termMonths":
        patch.electricity = { ...patch.electricity, termMonths: int };
        break;
    }
  });
  return request;
}

/**
 * Splits a `marketNames` cell: trimmed names, empty ones dropped, each name once (ignoring case,
 * the first spelling kept).
 */
export function splitMarketNames(cell: string): string[] {
  const names = new Map<string, string>();
  for (const part of cell.split(MARKET_NAMES_SEPARATOR)) {
    const name = part.trim();
    if (name !== "" && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/** Offer fields whose CSV column has another name. */
const FIELD_COLUMNS: Readonly<Record<string, OfferCsvColumn>> = { brandId: "brandName", marketIds: "marketNames" };

/**
 * Field problems (messages of `offerFieldProblems`, field path first) as row errors naming the CSV
 * column: `marketIds…` and `brandId` become `marketNames` and `brandName` (message included), and a
 * problem with a whole details object (`internet is only allowed…`) names the row's first filled
 * column of that object.
 *
 * @example
 * fieldProblemErrors(["monthlyPrice must be a decimal string …"], request);
 * // [{ column: "monthlyPrice", message: "monthlyPrice must be a decimal string …" }]
 */
export function fieldProblemErrors(problems: readonly string[], request: OfferRowRequest): CsvRowError[] {
  return problems.map((problem) => {
    const space = problem.indexOf(" ");
    const field = space < 0 ? problem : problem.slice(0, space);
    const renamed = FIELD_COLUMNS[field.split(".")[0] ?? ""];
    if (renamed) return { column: renamed, message: `${renamed}${problem.slice(field.length)}` };
    if (isOfferCsvColumn(field)) return { column: field, message: problem };
    const column = request.filled.find((name) => name.startsWith(`${field}.`));
    return { column: column ?? null, message: problem };
  });
}

/** Publish-readiness problems of an active offer's update as row errors (the field is the column). */
export function publishProblemErrors(problems: readonly PublishProblem[]): CsvRowError[] {
  return problems.map((problem) => ({
    column: isOfferCsvColumn(problem.field) ? problem.field : null,
    message: problem.message,
  }));
}

/** A plain integer ("12", "-3", "+7"); anything else is NaN, which the field rules report. */
function integer(value: string): number {
  return /^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN;
}

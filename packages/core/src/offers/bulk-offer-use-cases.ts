/**
 * Bulk CSV use cases: create offers from the rows of a file, or update offers found by SKU. The host
 * parses the file (and checks its size, row count and syntax before calling, so a file-level failure
 * writes nothing); these use cases check each row with the offer field rules and write the valid rows
 * in batches, one transaction per batch. Row problems are results, never errors.
 *
 * @module
 */

import { InvalidInputError, MarketplaceError, PayloadTooLargeError } from "../errors.ts";
import type { Repositories, TransactionScope } from "../ports.ts";
import type { Principal } from "../teams/index.ts";
import { isStorableText } from "../text.ts";
import type { UseCaseContext } from "../use-case-context.ts";
import type {
  BulkCsvFile,
  BulkCsvOptions,
  BulkCsvProgress,
  BulkOfferUseCases,
  BulkRowResult,
} from "./bulk-offer-types.ts";
import {
  BULK_CSV_LIMITS,
  type BulkCsvMode,
  type CsvRowError,
  csvHeaderProblems,
  fieldProblemErrors,
  type OfferCsvColumn,
  type OfferRowRequest,
  publishProblemErrors,
  readOfferRow,
} from "./csv-rows.ts";
import { applyOfferPatch, blankOfferFields, type OfferPatch, offerFieldProblems } from "./offer-fields.ts";
import { checkPublishReadiness } from "./publish-readiness.ts";
import type { Offer, OfferFields, ServiceType } from "./types.ts";

/** A row after the checks that need no database. */
interface PreparedRow {
  row: number;
  line: number;
  /** Null when the row could not be read (its cell count differs from the header's). */
  request: OfferRowRequest | null;
  errors: CsvRowError[];
}

/** A row after every check: the offer to write, or null when the row has errors. */
interface CheckedRow {
  prepared: PreparedRow;
  errors: CsvRowError[];
  offer: Offer | null;
}

/** Brand ids of the team by lowercased name. */
type NameIndex = ReadonlyMap<string, string>;

const skuTaken = (sku: string): CsvRowError => ({
  column: "sku",
  message: `sku ${sku} is already used by another offer`,
});

export function bulkOfferUseCases(ctx: UseCaseContext<"brands" | "markets" | "offers">): BulkOfferUseCases {
  return {
    async upload(principal, file, options = {}) {
      const { results, valid, written } = await runFile(ctx, principal, file, "upload", options);
      return { summary: { rows: results.length, valid, invalid: results.length - valid, created: written }, results };
    },

    async update(principal, file, options = {}) {
      const { results, valid, written } = await runFile(ctx, principal, file, "update", options);
      return { summary: { rows: results.length, valid, invalid: results.length - valid, updated: written }, results };
    },
  };
}

/** What every batch of one file is processed with. */
interface BulkRun {
  ctx: UseCaseContext<"brands" | "markets" | "offers">;
  principal: Principal;
  mode: BulkCsvMode;
  brands: NameIndex;
}

/** Reads the file row by row and processes it in batches of `BULK_CSV_LIMITS.batchSize`. */
async function runFile(
  ctx: UseCaseContext<"brands" | "markets" | "offers">,
  principal: Principal,
  file: BulkCsvFile,
  mode: BulkCsvMode,
  options: BulkCsvOptions,
): Promise<{ results: BulkRowResult[]; valid: number; written: number }> {
  if (!Array.isArray(file?.header)) throw new InvalidInputError(["file must start with a header row"]);
  const problems = csvHeaderProblems(file.header, mode);
  if (problems.length > 0) throw new InvalidInputError(problems);
  const columns = file.header.map((name) => name.trim() as OfferCsvColumn);
  const validateOnly = options.validateOnly === true;
  // Brands are few per team: read once, matched by name ignoring case (as their unique index does).
  const brands = new Map(
    (await ctx.unitOfWork.repositories.brands.list(principal.teamId, { kind: "all" })).map((brand) => [
      brand.name.toLowerCase(),
      brand.id,
    ]),
  );
  const run: BulkRun = { ctx, principal, mode, brands };
  const firstRowOfSku = new Map<string, number>();

  const prepare = (row: number, line: number, cells: readonly string[]): PreparedRow => {
    if (cells.length !== columns.length) {
      const message = `row has ${cells.length} cell${cells.length === 1 ? "" : "s"} but the header has ${columns.length} columns`;
      return { row, line, request: null, errors: [{ column: null, message }] };
    }
    const request = readOfferRow(columns, cells);
    const errors: CsvRowError[] = [];
    if (request.sku === null) errors.push({ column: "sku", message: "sku must not be empty" });
    else {
      const first = firstRowOfSku.get(request.sku);
      if (first === undefined) firstRowOfSku.set(request.sku, row);
      else errors.push({ column: "sku", message: `sku ${request.sku} is also used by row ${first} of this file` });
    }
    return { row, line, request, errors };
  };

  const results: BulkRowResult[] = [];
  let batch: PreparedRow[] = [];
  let row = 0;
  let valid = 0;
  let written = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const done = await processBatch(run, batch, validateOnly);
    for (const result of done) {
      results.push(result);
      if (result.status !== "invalid") valid += 1;
      if (result.status === "created" || result.status === "updated") written += 1;
    }
    batch = [];
    // After the batch committed (ADR-0077): what is reported as written is stored.
    options.onProgress?.(progressOf(validateOnly, results.length, valid, written));
  };
  for await (const { cells, line } of file.rows) {
    row += 1;
    // The host checks the limit before calling (so nothing is written); this is the last guard.
    if (row > BULK_CSV_LIMITS.maxRows) {
      throw new PayloadTooLargeError(`CSV file must not have more than ${BULK_CSV_LIMITS.maxRows} data rows`);
    }
    batch.push(prepare(row, line, cells));
    if (batch.length >= BULK_CSV_LIMITS.batchSize) await flush();
  }
  await flush();
  return { results, valid, written };
}

function progressOf(
  validateOnly: boolean,
  rowsChecked: number,
  rowsValid: number,
  rowsWritten: number,
): BulkCsvProgress {
  return { phase: validateOnly ? "checking" : "writing", rowsChecked, rowsValid, rowsWritten };
}

/** Checks and writes one batch in one transaction; on a SKU conflict, retries its rows one by one. */
async function processBatch(
  run: BulkRun,
  rows: readonly PreparedRow[],
  validateOnly: boolean,
): Promise<BulkRowResult[]> {
  const { ctx, principal, mode } = run;
  const now = ctx.clock.now();
  if (validateOnly) {
    const checked = await checkRows(run, ctx.unitOfWork.repositories, rows, now, false);
    return checked.map((row) => toResult(row, mode, false));
  }
  try {
    return await ctx.unitOfWork.transaction(async (tx) => {
      const checked = await checkRows(run, tx, rows, now, true);
      await writeRows(tx, mode, checked);
      return checked.map((row) => toResult(row, mode, true));
    });
  } catch (error) {
    if (!isConflict(error)) throw error;
    // A concurrent writer took a SKU between the check and the write: the batch rolled back as a
    // whole, so each row is retried in a transaction of its own and only the colliding ones fail.
    ctx.logger.warn("bulk CSV batch hit a SKU conflict; retrying its rows one by one", {
      teamId: principal.teamId,
      firstRow: rows[0]?.row,
      rows: rows.length,
    });
    const results: BulkRowResult[] = [];
    for (const row of rows) results.push(await processRow(run, row, now));
    return results;
  }
}

/** One row in a transaction of its own: a SKU taken meanwhile makes it invalid, not the file. */
async function processRow(run: BulkRun, row: PreparedRow, now: Date): Promise<BulkRowResult> {
  try {
    return await run.ctx.unitOfWork.transaction(async (tx) => {
      const checked = await checkRows(run, tx, [row], now, true);
      await writeRows(tx, run.mode, checked);
      return toResult(checked[0] as CheckedRow, run.mode, true);
    });
  } catch (error) {
    const sku = row.request?.sku;
    if (!isConflict(error) || !sku) throw error;
    return { row: row.row, line: row.line, status: "invalid", offerId: null, errors: [...row.errors, skuTaken(sku)] };
  }
}

/** Every check of a batch: SKUs and market names looked up once for the batch. */
async function checkRows(
  { ctx, principal, mode, brands }: BulkRun,
  repositories: Pick<Repositories, "brands" | "markets" | "offers">,
  rows: readonly PreparedRow[],
  now: Date,
  /** Checked for a write in its transaction: new offers get ids, existing ones are locked. */
  writing: boolean,
): Promise<CheckedRow[]> {
  const { teamId } = principal;
  const readable = rows.flatMap((row) => (row.request ? [row.request] : []));
  const skus = [
    ...new Set(readable.flatMap((request) => (request.sku && isStorableText(request.sku) ? [request.sku] : []))),
  ];
  const found = await repositories.offers.findBySkus(teamId, skus, { forUpdate: writing });
  const existing = new Map(found.map((offer) => [offer.sku, offer]));
  const marketNames = [
    ...new Set(readable.flatMap((request) => request.marketNames ?? []).filter((name) => isStorableText(name))),
  ];
  const markets = new Map(
    (await repositories.markets.findByNames(teamId, marketNames)).map((market) => [
      market.name.toLowerCase(),
      market.id,
    ]),
  );

  return rows.map((prepared): CheckedRow => {
    const { request } = prepared;
    const errors = [...prepared.errors];
    const invalid = (): CheckedRow => ({ prepared, errors, offer: null });
    if (!request) return invalid();

    if (mode === "upload") {
      if (request.sku !== null && existing.has(request.sku)) errors.push(skuTaken(request.sku));
      const patch = resolveNames(request, brands, markets, errors);
      const name = typeof patch.name === "string" ? patch.name : "";
      const fields = applyOfferPatch(blankOfferFields(name, patch.serviceType as ServiceType), patch);
      errors.push(...fieldProblemErrors(offerFieldProblems(patch, fields), request));
      if (errors.length > 0) return invalid();
      const offer = draftOffer(fields, writing ? ctx.ids.uuid() : "", teamId, now);
      return { prepared, errors, offer };
    }

    if (request.sku === null) return invalid();
    if (!isStorableText(request.sku)) {
      errors.push({ column: "sku", message: "sku must not contain NUL characters" });
      return invalid();
    }
    const current = existing.get(request.sku);
    if (!current) {
      errors.push({ column: "sku", message: `sku ${request.sku} matches none of the team's offers` });
      return invalid();
    }
    const patch = resolveNames(request, brands, markets, errors);
    const fields = applyOfferPatch(current, patch);
    errors.push(...fieldProblemErrors(offerFieldProblems(patch, fields), request));
    // The same rule as PATCH: an active offer must stay publishable.
    if (errors.length === 0 && current.status === "active") {
      const readiness = checkPublishReadiness(fields);
      if (!readiness.ready) errors.push(...publishProblemErrors(readiness.problems));
    }
    if (errors.length > 0) return invalid();
    return { prepared, errors, offer: { ...current, ...fields, updatedAt: now } };
  });
}

/**
 * A new draft offer with these fields, every property written out. Not `{ ...fields, id, … }`: on
 * Node 20 (V8 11.3) a spread of these 16 fields followed by more properties gave each object maps
 * of its own, allocated straight into the old space per row (found with V8's sampling heap
 * profiler): the largest part of the server's RSS growth under a bulk upload (ADR-0053; figures:
 * docs/performance.md, "Bulk CSV"). The `Offer` type makes the literal name every field.
 */
function draftOffer(fields: OfferFields, id: string, teamId: string, now: Date): Offer {
  return {
    name: fields.name,
    sku: fields.sku,
    serviceType: fields.serviceType,
    description: fields.description,
    marketingHeadline: fields.marketingHeadline,
    brandId: fields.brandId,
    marketIds: fields.marketIds,
    monthlyPrice: fields.monthlyPrice,
    promoMonthlyPrice: fields.promoMonthlyPrice,
    promoDurationMonths: fields.promoDurationMonths,
    contractTermMonths: fields.contractTermMonths,
    commission: fields.commission,
    partnerSignup: fields.partnerSignup,
    submissionUrl: fields.submissionUrl,
    internet: fields.internet,
    electricity: fields.electricity,
    id,
    teamId,
    status: "draft",
    brand: null,
    createdAt: now,
    updatedAt: now,
    publishedAt: null,
  };
}

/** Writes the valid rows of a checked batch. */
async function writeRows(
  tx: Pick<TransactionScope, "brands" | "markets" | "offers">,
  mode: BulkCsvMode,
  checked: readonly CheckedRow[],
): Promise<void> {
  const offers = checked.flatMap((row) => (row.offer ? [row.offer] : []));
  if (mode === "upload") await tx.offers.insertMany(offers);
  else for (const offer of offers) await tx.offers.update(offer);
}

/** The row's patch with the brand and market names replaced by ids; unknown names become row errors. */
function resolveNames(
  request: OfferRowRequest,
  brands: NameIndex,
  markets: NameIndex,
  errors: CsvRowError[],
): OfferPatch {
  const patch: OfferPatch = { ...request.patch };
  if (request.brandName === null) patch.brandId = null;
  else if (request.brandName !== undefined) {
    const brandId = brands.get(request.brandName.toLowerCase());
    if (brandId) patch.brandId = brandId;
    else
      errors.push({ column: "brandName", message: `brandName ${request.brandName} is not one of the team's brands` });
  }
  if (request.marketNames !== undefined) {
    const marketIds: string[] = [];
    for (const name of request.marketNames) {
      const marketId = markets.get(name.toLowerCase());
      if (marketId) marketIds.push(marketId);
      else
        errors.push({
          column: "marketNames",
          message: `marketNames contains ${name}, which is not one of the team's markets`,
        });
    }
    patch.marketIds = marketIds;
  }
  return patch;
}

function toResult(checked: CheckedRow, mode: BulkCsvMode, written: boolean): BulkRowResult {
  const { row, line } = checked.prepared;
  if (!checked.offer) return { row, line, status: "invalid", offerId: null, errors: checked.errors };
  if (!written) return { row, line, status: "valid", offerId: mode === "update" ? checked.offer.id : null, errors: [] };
  return { row, line, status: mode === "upload" ? "created" : "updated", offerId: checked.offer.id, errors: [] };
}

function isConflict(error: unknown): boolean {
  return MarketplaceError.isInstance(error) && error.code === "conflict";
}

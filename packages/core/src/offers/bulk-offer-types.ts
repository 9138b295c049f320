/**
 * The types of the bulk CSV use cases: the file as the host hands it over, the options (checking
 * only, progress), and the answer (counts and one result per row).
 *
 * @module
 */

import type { Principal } from "../teams/index.ts";
import type { CsvRowError } from "./csv-rows.ts";

/** One data row of a CSV file, as the host's parser read it. */
export interface BulkCsvRow {
  /** The cells in header order; a row with more or fewer cells than the header is a row error. */
  cells: readonly string[];
  /** The 1-based line of the file where the row starts (a quoted field may span lines). */
  line: number;
}

/** A CSV file: its header row, and its data rows streamed (blank rows left out by the host). */
export interface BulkCsvFile {
  /** The header's cells: column names, checked by `csvHeaderProblems`. */
  header: readonly string[];
  /** The data rows, in file order; iterated once. */
  rows: AsyncIterable<BulkCsvRow>;
}

/**
 * How far a bulk call has got, reported after each batch of rows (ADR-0077). Counts only grow; the
 * last report of a call equals its summary (`rowsChecked` = `rows`, `rowsValid` = `valid`,
 * `rowsWritten` = `created` or `updated`).
 */
export interface BulkCsvProgress {
  /** `checking` when the call validates only (nothing is written); `writing` when valid rows are written. */
  phase: "checking" | "writing";
  /** Data rows checked so far, valid or not: every row of the batches done. */
  rowsChecked: number;
  /** Of those, the rows found valid. */
  rowsValid: number;
  /** Offers created or updated so far, all in committed transactions; 0 when checking. */
  rowsWritten: number;
}

/** Options of a bulk call. */
export interface BulkCsvOptions {
  /** Check every row as the real call would, and write nothing. */
  validateOnly?: boolean;
  /**
   * Told how far the call has got: once per batch of `BULK_CSV_LIMITS.batchSize` rows (never per
   * row), after the batch was checked and, when writing, after its transaction committed, so
   * `rowsWritten` is what is stored. A file without data rows gets no call. It is called between
   * batches and not awaited: keep it short (a host writes the update out elsewhere). If it throws,
   * the call stops with that error before the next batch: the batches reported stay written, no
   * row after them is.
   *
   * @example
   * await bulkOffers.upload(principal, file, { onProgress: (p) => logger.info("bulk progress", { checked: p.rowsChecked, written: p.rowsWritten }) });
   */
  onProgress?: (progress: BulkCsvProgress) => void;
}

/** A row's outcome: written (`created`, `updated`), would be written (`valid`, when validating), or `invalid`. */
export type BulkRowStatus = "created" | "updated" | "valid" | "invalid";

/** The outcome of one data row. */
export interface BulkRowResult {
  /** 1-based number of the data row (the header and blank rows are not counted). */
  row: number;
  /** 1-based line of the file where the row starts. */
  line: number;
  status: BulkRowStatus;
  /** The offer created or updated (when validating an update: the offer that would be updated); else null. */
  offerId: string | null;
  /** Why the row is invalid; empty otherwise. */
  errors: CsvRowError[];
}

/** Counts of a bulk-upload. */
export interface BulkUploadSummary {
  rows: number;
  valid: number;
  invalid: number;
  /** Offers created: the valid rows, or 0 when validating. */
  created: number;
}

/** Counts of a bulk-update. */
export interface BulkUpdateSummary {
  rows: number;
  valid: number;
  invalid: number;
  /** Offers updated: the valid rows, or 0 when validating. */
  updated: number;
}

/** The answer of a bulk-upload: counts, and one result per data row in file order. */
export interface BulkUploadResult {
  summary: BulkUploadSummary;
  results: BulkRowResult[];
}

/** The answer of a bulk-update: counts, and one result per data row in file order. */
export interface BulkUpdateResult {
  summary: BulkUpdateSummary;
  results: BulkRowResult[];
}

/** A provider team's bulk CSV operations on its offers. */
export interface BulkOfferUseCases {
  /**
   * Creates a draft offer per valid row (the header needs sku, name and serviceType); a row whose SKU
   * is empty, repeated in the file or already taken is invalid. InvalidInputError for a bad header.
   *
   * @example
   * const { summary } = await bulkOffers.upload(principal, { header, rows }, { validateOnly: true });
   */
  upload(principal: Principal, file: BulkCsvFile, options?: BulkCsvOptions): Promise<BulkUploadResult>;
  /**
   * Updates the team's offer with each valid row's SKU: empty cells leave fields unchanged, `NULL`
   * clears them; an active offer must stay publishable. InvalidInputError for a bad header.
   */
  update(principal: Principal, file: BulkCsvFile, options?: BulkCsvOptions): Promise<BulkUpdateResult>;
}

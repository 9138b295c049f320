/**
 * Reading an uploaded CSV file for the bulk endpoints: the body is streamed (multipart field `file`,
 * or a raw `text/csv` body) through csv-parse once to check everything about the file as a whole —
 * size, row count, CSV syntax, header — before a single row is handed on, so a file-level failure
 * (400, 413) never leaves half the file written. The raw bytes (at most the size limit) are kept for
 * the second pass, which streams the rows to the use case: parsed rows are never all in memory.
 *
 * @module
 */

import { InvalidInputError, MarketplaceError, PayloadTooLargeError } from "@marketplace/core";
import {
  BULK_CSV_LIMITS,
  type BulkCsvFile,
  type BulkCsvMode,
  type BulkCsvRow,
  csvHeaderProblems,
} from "@marketplace/core/offers";
import { HTTPException } from "hono/http-exception";
import { type Options, Parser } from "#csv-parse";
import { multipartBoundary, multipartField } from "./multipart-field.ts";

/** The multipart field carrying the file. */
export const CSV_FILE_FIELD = "file";

/**
 * True for the content types a bulk CSV upload takes: `multipart/form-data` and `text/csv`. Only
 * these, on the bulk routes, get the CSV limit instead of the JSON body limit.
 */
export function isCsvUploadType(contentType: string): boolean {
  const mediaType = mediaTypeOf(contentType);
  return mediaType === "text/csv" || mediaType === "multipart/form-data";
}

function mediaTypeOf(contentType: string): string {
  return contentType.split(";")[0]?.trim().toLowerCase() ?? "";
}

/** Room for multipart framing and other fields beside the file's own bytes. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Limits of one upload; the defaults are `BULK_CSV_LIMITS`. */
export interface CsvUploadLimits {
  /** Largest file in bytes. */
  maxBytes: number;
  /** Most data rows. */
  maxRows: number;
}

/** Options of `readCsvUpload`. */
export interface CsvUploadOptions {
  /**
   * Columns left out of the file before the header check and the rows (e.g. the `errors` column the
   * dashboard adds to a file of rejected rows, so the fixed file uploads as it is).
   */
  ignoredColumns?: readonly string[];
}

/** A bulk request's CSV file, checked: its header, its rows to stream once, and how many there are. */
export interface CsvUpload extends BulkCsvFile {
  /** The data rows the first pass counted (the header and blank rows not counted): what `rows` yields. */
  rowCount: number;
}

/**
 * Reads the CSV file of a bulk request. Throws (all rendered as the error envelope): 415 for another
 * content type, 413 past the size or row limit, 400 for a body without a file, a file that is not
 * valid CSV (naming the line), or a header that lacks required columns or names unknown ones.
 * The rows can be iterated once.
 *
 * @example
 * const file = await readCsvUpload(c.req.raw, "upload");
 * const result = await marketplace.bulkOffers.upload(principal, file);
 */
export async function readCsvUpload(
  request: Request,
  mode: BulkCsvMode,
  limits: CsvUploadLimits = BULK_CSV_LIMITS,
  options: CsvUploadOptions = {},
): Promise<CsvUpload> {
  const ignored = new Set(options.ignoredColumns ?? []);
  /** Indexes of the ignored columns in the header, highest first (so splicing keeps the others'). */
  let dropped: number[] = [];
  const drop = (cells: string[]): string[] => {
    for (const index of dropped) if (index < cells.length) cells.splice(index, 1);
    return cells;
  };
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = mediaTypeOf(contentType);
  const tooLarge = () => new PayloadTooLargeError(`CSV file must not exceed ${limits.maxBytes} bytes`);

  let maxBodyBytes: number;
  let file: (body: AsyncIterable<Uint8Array>) => AsyncIterable<Uint8Array>;
  if (mediaType === "text/csv") {
    maxBodyBytes = limits.maxBytes;
    file = (body) => body;
  } else if (mediaType === "multipart/form-data") {
    const boundary = multipartBoundary(contentType);
    if (!boundary) throw new InvalidInputError(["content-type multipart/form-data must have a boundary parameter"]);
    maxBodyBytes = limits.maxBytes + MULTIPART_OVERHEAD_BYTES;
    file = (body) => multipartField(body, boundary, CSV_FILE_FIELD);
  } else {
    throw new HTTPException(415, {
      message: `Send the CSV file as multipart/form-data (field ${CSV_FILE_FIELD}) or as a text/csv body`,
    });
  }
  const declared = request.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > maxBodyBytes) throw tooLarge();

  // First pass: keep the file's bytes, and check limits, syntax and header as they stream by.
  const kept: Uint8Array[] = [];
  let fileBytes = 0;
  async function* keep(): AsyncGenerator<Uint8Array> {
    for await (const chunk of file(countedBody(request.body, maxBodyBytes, tooLarge))) {
      fileBytes += chunk.length;
      if (fileBytes > limits.maxBytes) throw tooLarge();
      kept.push(chunk);
      yield chunk;
    }
  }
  let header: string[] | null = null;
  let dataRows = 0;
  for await (const record of records(keep())) {
    if (header === null) {
      dropped = record.cells.flatMap((name, index) => (ignored.has(name.trim()) ? [index] : [])).reverse();
      header = drop(record.cells);
      const problems = csvHeaderProblems(header, mode);
      if (problems.length > 0) throw new InvalidInputError(problems);
    } else {
      dataRows += 1;
      if (dataRows > limits.maxRows) {
        throw new PayloadTooLargeError(`CSV file must not have more than ${limits.maxRows} data rows`);
      }
    }
  }
  if (header === null) throw new InvalidInputError(["file is empty: its first line must be the header row"]);

  // Second pass over the kept bytes: the same records, streamed to the use case. Each chunk is let
  // go once parsed (`drain`), so the file's bytes are not held while the use case finishes and the
  // response is written.
  async function* rows(): AsyncGenerator<BulkCsvRow> {
    let first = true;
    for await (const record of records(drain(kept))) {
      if (first) first = false;
      else yield dropped.length > 0 ? { ...record, cells: drop(record.cells) } : record;
    }
  }
  return { header, rows: rows(), rowCount: dataRows };
}

/** A non-blank record and the line it starts on. */
type CsvRecord = BulkCsvRow & { cells: string[] };

/**
 * Longest record, in characters. No offer row comes near it (its longest cell is a 5,000-character
 * description); without it, a file that is one huge cell made csv-parse grow one field up to the
 * 10 MB limit (ADR-0053; figures: docs/performance.md, "Bulk CSV").
 */
const MAX_RECORD_CHARS = 1024 * 1024;

/** csv-parse options: RFC 4180 with a UTF-8 BOM skipped, any line ending, and cell counts left to the rows. */
const PARSE_OPTIONS: Options = {
  max_record_size: MAX_RECORD_CHARS,
  bom: true,
  record_delimiter: ["\r\n", "\n", "\r"],
  relax_column_count: true,
  relax_quotes: true,
  trim: true,
};

/**
 * The non-blank records of a CSV byte stream, each with the line it starts on. Blank records (no
 * cell with anything but spaces) are skipped but their lines counted. A CSV syntax error becomes a
 * 400 naming the line where the faulty record starts.
 */
async function* records(bytes: AsyncIterable<Uint8Array>): AsyncGenerator<CsvRecord> {
  // Lines are counted as the parser emits each record, so a syntax error knows where its record
  // starts even though the records parsed before it are dropped; the start lines of records
  // emitted but not yet read wait in `starts`, in order.
  let line = 1;
  const starts: number[] = [];
  const onRecord = (cells: string[]) => {
    const start = line;
    line += 1 + lineBreaksIn(cells);
    if (cells.every((cell) => cell.trim() === "")) return null;
    starts.push(start);
    return cells;
  };
  // The parser is fed one body chunk at a time and its records are read out before the next chunk:
  // a chunk's records are parsed as it is written, so at most one chunk's records wait in memory.
  // "#csv-parse" is csv-parse's browser build for browser and worker bundles (Web APIs only: a
  // bundled pure-JS stream and Buffer) and its Node entry elsewhere (Node, Deno, Bun): the browser
  // build is twice as slow and sets __proto__, which Deno does not have (packages/http/package.json
  // "imports"). Both are the same Parser; text is written, which both take.
  const parser = new Parser({ ...PARSE_OPTIONS, on_record: onRecord });
  let failure: unknown = null;
  parser.on("error", (error: unknown) => {
    failure ??= error;
  });
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const parsed = function* (): Generator<CsvRecord> {
    // The stream emits its error on a later tick; `errored` has it at once (a file that is one huge
    // record then stops at the record limit, not at the size limit).
    failure ??= (parser as { errored?: unknown }).errored ?? null;
    if (failure !== null) throw csvSyntaxError(failure, line);
    for (let cells: string[] | null = parser.read(); cells !== null; cells = parser.read()) {
      yield { cells, line: starts.shift() as number };
    }
  };
  // Nothing to release when the reader stops early: the parser holds no resource but memory.
  for await (const chunk of bytes) {
    const text = decoder.decode(chunk, { stream: true });
    if (text !== "") parser.write(text);
    yield* parsed();
  }
  const rest = decoder.decode();
  if (rest !== "") parser.write(rest);
  // The last record is parsed when the stream finishes (after the pending write callbacks).
  if (failure === null) {
    await new Promise<void>((resolve) => {
      parser.once("error", () => resolve());
      parser.end(() => resolve());
    });
  }
  yield* parsed();
}

function csvSyntaxError(error: unknown, line: number): unknown {
  if (MarketplaceError.isInstance(error) || error instanceof HTTPException) return error;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== "string" || !code.startsWith("CSV_")) return error;
  const reason =
    code === "CSV_QUOTE_NOT_CLOSED"
      ? "a quoted field is never closed"
      : code === "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE" || code === "CSV_INVALID_CLOSING_QUOTE"
        ? 'a closing quote is followed by other characters (write a quote inside a quoted field as "")'
        : code === "CSV_MAX_RECORD_SIZE"
          ? `a record is longer than ${MAX_RECORD_CHARS} characters`
          : (error as Error).message;
  return new InvalidInputError([`file is not valid CSV: the record starting at line ${line}: ${reason}`]);
}

/** Line breaks inside a record's quoted cells (CRLF counted once). */
function lineBreaksIn(cells: readonly string[]): number {
  let count = 0;
  for (const cell of cells) {
    if (cell.includes("\n") || cell.includes("\r")) count += cell.match(/\r\n|\r|\n/g)?.length ?? 0;
  }
  return count;
}

/** The request body's chunks; PayloadTooLargeError as soon as they add up to more than `max` bytes. */
async function* countedBody(
  body: ReadableStream<Uint8Array> | null,
  max: number,
  tooLarge: () => Error,
): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.length;
      if (total > max) throw tooLarge();
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

/** Yields the chunks in order, removing each from the array as it goes. */
async function* drain(chunks: Uint8Array[]): AsyncGenerator<Uint8Array> {
  let next = chunks.shift();
  while (next !== undefined) {
    yield next;
    next = chunks.shift();
  }
}

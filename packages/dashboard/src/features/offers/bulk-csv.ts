/**
 * The bulk CSV pages' file handling: which requests may post a file (multipart, checked by the
 * frame), the UTF-8 check of an uploaded body while it streams, the words for a refused file, and
 * the file of rejected rows (each row's cells and an `errors` column, guarded against formula
 * injection). The file itself is read by `@marketplace/http`'s `readCsvUpload`, as the API reads it.
 *
 * @module
 */

import { InvalidInputError, PayloadTooLargeError } from "@marketplace/core";
import { BULK_CSV_LIMITS, type BulkRowResult, OFFER_CSV_REQUIRED_COLUMNS } from "@marketplace/core/offers";
import { csvLine } from "@marketplace/http";

/** The modes of the bulk pages: `upload` creates offers, `update` changes offers found by SKU. */
export const BULK_MODES = ["upload", "update"] as const;
export type BulkMode = (typeof BULK_MODES)[number];

/** The column the file of rejected rows adds; left out when that file is uploaded again. */
export const ERRORS_COLUMN = "errors";

/**
 * The routes that take a multipart/form-data body (a CSV file, up to 10 MB while it streams), the
 * only ones: every other unsafe request of the dashboard is a form of at most 64 KB.
 */
export const CSV_UPLOAD_ROUTE = /\/teams\/[^/]+\/provider\/offers\/bulk\/(upload|update)\/(check|confirm|rejected)$/;

/** A file kept in the results page (so confirming needs no second choice of it) up to this size. */
export const CARRY_MAX_BYTES = 1024 * 1024;

/** Rejected rows shown in the results table (all of them are in the download). */
export const SHOWN_ROWS = 100;

/** The body was not UTF-8 text. */
export class NotUtf8Error extends Error {
  constructor() {
    super("the file is not UTF-8 text");
    this.name = "NotUtf8Error";
  }
}

/**
 * The request with its body checked to be UTF-8 as it streams (a fatal decoder; nothing is held):
 * the read fails with NotUtf8Error at the first byte that is not. A multipart body's framing is
 * ASCII, so this checks the file.
 */
export function utf8Checked(request: Request): Request {
  const source = request.body;
  if (!source) return request;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const body = source.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        try {
          decoder.decode(chunk, { stream: true });
        } catch {
          throw new NotUtf8Error();
        }
        controller.enqueue(chunk);
      },
      flush() {
        try {
          decoder.decode();
        } catch {
          throw new NotUtf8Error();
        }
      },
    }),
  );
  // `duplex` is required with a stream body (Node's fetch), and not yet in every RequestInit type.
  return new Request(request, { body, duplex: "half" } as RequestInit);
}

const MB = BULK_CSV_LIMITS.maxBytes / (1024 * 1024);

/** The limits, stated before upload. */
export const LIMITS_TEXT = `At most ${BULK_CSV_LIMITS.maxRows.toLocaleString("en-US")} rows (the header not counted) and ${MB} MB, saved as CSV in UTF-8.`;

/** What to fix in a refused file, in words, or null when the error is not about the file. */
export function fileProblem(error: unknown, mode: BulkMode): string | null {
  if (error instanceof NotUtf8Error || (error as { cause?: unknown })?.cause instanceof NotUtf8Error) {
    return 'The file is not UTF-8 text (it may be saved as "CSV (Windows)" or Latin-1). In your spreadsheet, save it as "CSV UTF-8" and upload it again.';
  }
  if (PayloadTooLargeError.isInstance(error)) {
    return /rows/.test(error.message)
      ? `The file has more than ${BULK_CSV_LIMITS.maxRows.toLocaleString("en-US")} rows. Split it into files of at most ${BULK_CSV_LIMITS.maxRows.toLocaleString("en-US")} rows and upload each.`
      : `The file is larger than ${MB} MB. Split it into smaller files and upload each.`;
  }
  if (!InvalidInputError.isInstance(error)) return null;
  const required = OFFER_CSV_REQUIRED_COLUMNS[mode].join(", ");
  return error.problems
    .map((problem) => {
      if (/^file is empty/.test(problem) || /^file is required/.test(problem)) {
        return "The file is empty. Choose a CSV file whose first line is the header row (download the template to start).";
      }
      const unknown = /^header has unknown column "(.*)"(?: \(did you mean "(.*)"\?\))?$/.exec(problem);
      if (unknown) {
        return `The column "${unknown[1]}" is not one of the template's.${unknown[2] ? ` Did you mean "${unknown[2]}"?` : " Remove it or rename it as in the template."}`;
      }
      const missing = /^header is missing required column "(.*)"$/.exec(problem);
      if (missing) return `The column "${missing[1]}" is missing: a ${mode} file needs ${required}.`;
      const twice = /^header has column "(.*)" more than once$/.exec(problem);
      if (twice) return `The column "${twice[1]}" appears twice. Keep one.`;
      if (/^header column \d+ has no name$/.test(problem))
        return `${capital(problem)}: give it a name from the template or remove it.`;
      if (/^file is not valid CSV/.test(problem)) {
        return `${capital(problem.replace(/^file is not valid CSV: the record/, "The file is not valid CSV: the row"))}. Fix that row (a quote inside a cell is written as two quotes, and the cell is put in quotes) and upload again.`;
      }
      if (/^body is not valid multipart/.test(problem))
        return "The upload did not arrive whole. Choose the file and try again.";
      return `${capital(problem)}.`;
    })
    .join(" ");
}

function capital(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * A cell as it is safe to open in a spreadsheet: one that starts with `=`, `+`, `-`, `@` (or a tab
 * or carriage return) would be read as a formula, so it gets a leading `'` (OWASP, CSV injection).
 */
export function guardCell(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * The file of rejected rows: the header with an `errors` column, and each invalid row's cells with
 * its errors ("column: message; …"), every cell guarded. CRLF line ends, as the template.
 */
export function rejectedCsv(
  header: readonly string[],
  cellsOf: ReadonlyMap<number, readonly string[]>,
  results: readonly BulkRowResult[],
): string {
  const lines = [csvLine([...header, ERRORS_COLUMN].map(guardCell))];
  for (const result of results) {
    if (result.status !== "invalid") continue;
    const cells = [...(cellsOf.get(result.row) ?? [])];
    while (cells.length < header.length) cells.push("");
    const errors = result.errors.map((error) => (error.column ? `${error.column}: ${error.message}` : error.message));
    lines.push(csvLine([...cells.slice(0, header.length), errors.join("; ")].map(guardCell)));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The body's chunks, failing with PayloadTooLargeError once they add up to more than `max` bytes. */
export async function* boundedBody(body: ReadableStream<Uint8Array> | null, max: number): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.length;
      if (total > max) throw new PayloadTooLargeError(`Request body must not exceed ${max} bytes`);
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

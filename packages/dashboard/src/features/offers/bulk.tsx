/**
 * The bulk CSV routes: the template, a check of a file (the API's validate use case: nothing
 * written), the run after confirmation, and the download of the rejected rows. The file is read by
 * `readCsvUpload` of `@marketplace/http`, as the API reads it (streamed, at most 10 MB and 50,000
 * rows, the header checked before any row), after a UTF-8 check while it streams. These routes, and
 * only these, take a multipart/form-data body (see `CSV_UPLOAD_ROUTE` and the frame's check). A
 * file of `STREAM_MIN_ROWS` rows or more is answered with a streamed page that shows its progress
 * before the results (`bulk-progress.tsx`, ADR-0077); smaller ones with the results page at once.
 *
 * @module
 */

import { BULK_CSV_LIMITS, type BulkCsvOptions, type BulkCsvRow, type BulkRowResult } from "@marketplace/core/offers";
import { csvLine, multipartBoundary, multipartField, OFFER_CSV_TEMPLATE, readCsvUpload } from "@marketplace/http";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { requireWork } from "../workspaces/shared.tsx";
import {
  BULK_MODES,
  type BulkMode,
  boundedBody,
  CARRY_MAX_BYTES,
  ERRORS_COLUMN,
  fileProblem,
  rejectedCsv,
  utf8Checked,
} from "./bulk-csv.ts";
import {
  BulkPage,
  BulkResultPage,
  type BulkResultProps,
  BulkResults,
  bulkResultTitle,
  offersPath,
} from "./bulk-pages.tsx";
import { STREAM_MIN_ROWS, streamBulkRun } from "./bulk-progress.tsx";

/** Room for the multipart framing around a carried file. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Registers `/teams/:teamId/provider/offers/bulk…` (before the offer pages: `bulk` is no offer id). */
export function registerBulkOffers(app: DashboardApp, kit: Kit): void {
  const bulkPage = (c: Context<Env>, errors: Partial<Record<BulkMode, string>> = {}, status: PageStatus = 200) =>
    kit.render(c, <BulkPage ctx={kit.pageContext(c)} errors={errors} />, status);
  const modeOf = (c: Context<Env>): BulkMode | null => {
    const mode = c.req.param("mode");
    return (BULK_MODES as readonly string[]).includes(mode ?? "") ? (mode as BulkMode) : null;
  };

  app.get("/teams/:teamId/provider/offers/bulk", (c) => {
    requireWork(kit, c);
    return bulkPage(c);
  });

  app.get("/teams/:teamId/provider/offers/bulk/template", (c) =>
    c.body(OFFER_CSV_TEMPLATE, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": 'attachment; filename="offers-template.csv"',
      "cache-control": "no-store",
    }),
  );

  /** Reads the posted file, runs the use case (checking only, or writing), and shows the rows. */
  const run = async (c: Context<Env>, validateOnly: boolean) => {
    requireWork(kit, c);
    const mode = modeOf(c);
    if (!mode) return kit.notFound(c);
    let file: Awaited<ReturnType<typeof readCsvUpload>>;
    try {
      file = await readCsvUpload(utf8Checked(c.req.raw), mode, BULK_CSV_LIMITS, { ignoredColumns: [ERRORS_COLUMN] });
    } catch (error) {
      const text = fileProblem(error, mode);
      if (!text) throw error;
      const status = (error as { code?: string }).code === "payload_too_large" ? 413 : 400;
      return bulkPage(c, { [mode]: text }, status);
    }
    // Each row's cells are kept for the table and the file of rejected rows: at most the file's
    // 10 MB, already held to that by readCsvUpload.
    const cellsOf = new Map<number, readonly string[]>();
    async function* rows(): AsyncGenerator<BulkCsvRow> {
      let row = 0;
      for await (const record of file.rows) {
        row += 1;
        cellsOf.set(row, record.cells);
        yield record;
      }
    }
    const principal = kit.principal(c);
    const input = { header: file.header, rows: rows() };
    /** Runs the use case and gathers what the results show. */
    const execute = async (options: BulkCsvOptions): Promise<BulkResultProps> => {
      let results: BulkRowResult[];
      let counts: BulkResultProps["counts"];
      if (mode === "upload") {
        const result = await kit.marketplace.bulkOffers.upload(principal, input, options);
        results = result.results;
        counts = { ...result.summary, written: result.summary.created };
      } else {
        const result = await kit.marketplace.bulkOffers.update(principal, input, options);
        results = result.results;
        counts = { ...result.summary, written: result.summary.updated };
      }
      const carried = [csvLine(file.header), ...[...cellsOf.values()].map((cells) => csvLine(cells))].join("\r\n");
      const rejected = counts.invalid > 0 ? rejectedCsv(file.header, cellsOf, results) : null;
      return {
        mode,
        checked: validateOnly,
        header: file.header,
        cellsOf,
        results,
        counts,
        file: validateOnly && carried.length <= CARRY_MAX_BYTES ? `${carried}\r\n` : null,
        rejected: rejected !== null && rejected.length <= CARRY_MAX_BYTES ? rejected : null,
      };
    };
    if (file.rowCount < STREAM_MIN_ROWS) {
      return kit.render(c, <BulkResultPage ctx={kit.pageContext(c)} {...(await execute({ validateOnly }))} />);
    }
    // A large file: the page streams its progress, then the results (ADR-0077).
    const expect = Number(c.req.query("expect"));
    const path = offersPath(kit.pageContext(c));
    return streamBulkRun(c, kit, {
      mode,
      validateOnly,
      total: file.rowCount,
      expected: Number.isSafeInteger(expect) && expect >= 0 && expect <= file.rowCount ? expect : null,
      work: async (onProgress) => {
        const props = await execute({ validateOnly, onProgress });
        return { title: bulkResultTitle(props), results: <BulkResults {...props} path={path} heading="h2" /> };
      },
    });
  };

  app.post("/teams/:teamId/provider/offers/bulk/:mode/check", (c) => run(c, true));
  app.post("/teams/:teamId/provider/offers/bulk/:mode/confirm", (c) => run(c, false));

  // The rejected rows, as the results page holds them, sent back as a download (bounded, buffered).
  app.post("/teams/:teamId/provider/offers/bulk/:mode/rejected", async (c) => {
    requireWork(kit, c);
    const mode = modeOf(c);
    if (!mode) return kit.notFound(c);
    const boundary = multipartBoundary(c.req.header("content-type") ?? "");
    if (!boundary) return kit.message(c, 400, "Nothing to download", <p>Go back to the results and try again.</p>);
    const chunks: Uint8Array[] = [];
    try {
      const max = CARRY_MAX_BYTES * 2 + MULTIPART_OVERHEAD_BYTES;
      for await (const chunk of multipartField(boundedBody(c.req.raw.body, max), boundary, "file")) chunks.push(chunk);
    } catch (error) {
      if (!fileProblem(error, mode)) throw error;
      const status = (error as { code?: string }).code === "payload_too_large" ? 413 : 400;
      const text = "The rejected rows did not arrive whole. Go back to the results and download them again.";
      return kit.message(c, status, "Nothing to download", <p>{text}</p>);
    }
    return c.body(new Blob(chunks as BlobPart[]).stream(), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="offers-${mode}-rejected.csv"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    });
  });
}

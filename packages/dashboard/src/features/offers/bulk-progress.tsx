/**
 * The streamed page of a large bulk CSV check or run (ADR-0077): the page's head and a progress
 * block go out first, a new step after each batch of the use case (its `onProgress`), then the
 * results, in one response. It needs no script: each step is appended as the next element and the
 * stylesheet hides every step that has a later one (`.run>.step:has(~.step)`: not `:last-of-type`,
 * which Chromium does not match until the parent's end tag is parsed); screen readers hear a polite status line at most every
 * `ANNOUNCE_EVERY_MS`, not every batch. The page's headers are the frame's (CSP with the nonce of
 * the script tag, no-store): the response is made through the context (`stream` of `hono/streaming`).
 *
 * @module
 */

import type { BulkCsvOptions, BulkCsvProgress } from "@marketplace/core/offers";
import type { Context } from "hono";
import { raw } from "hono/html";
import type { Child } from "hono/jsx";
import { stream } from "hono/streaming";
import type { Env, Kit } from "../../kit.tsx";
import { Layout } from "../../ui/layout.tsx";
import type { BulkMode } from "./bulk-csv.ts";
import { offersPath, WHAT } from "./bulk-pages.tsx";

/** Files of at least this many data rows get the streamed page (four batches or more); smaller ones the plain page. */
export const STREAM_MIN_ROWS = 2000;

/** The least time between two spoken status lines. */
export const ANNOUNCE_EVERY_MS = 10_000;

/** Where the page's frame is cut: the head and header before it, the closing tags after. */
const CUT = "<!--bulk-run-->";

/** The check's client went away: nobody is left to read it, so it stops at the next batch. */
class ClientGone extends Error {
  constructor() {
    super("the client went away during a bulk CSV check");
    this.name = "ClientGone";
  }
}

/** What a streamed run is told and does. */
export interface StreamedRun {
  mode: BulkMode;
  /** A check (nothing written) or the run after confirmation. */
  validateOnly: boolean;
  /** The file's data rows, as the first pass counted them. */
  total: number;
  /** The valid rows the check found, when the confirm form said so (`?expect=`); null otherwise. */
  expected: number | null;
  /** Runs the use case with this progress callback; resolves to the results and their title. */
  work: (onProgress: NonNullable<BulkCsvOptions["onProgress"]>) => Promise<{ title: string; results: Child }>;
}

const n = (value: number) => value.toLocaleString("en-US");

/** The words of a progress step, e.g. "Checked 12,500 of 50,000 rows" or "Created 10,000 of 48,210 offers (…)". */
export function progressText(run: Pick<StreamedRun, "mode" | "total" | "expected">, progress: BulkCsvProgress): string {
  const rows = `${n(progress.rowsChecked)} of ${n(run.total)} rows`;
  if (progress.phase === "checking") {
    const invalid = progress.rowsChecked - progress.rowsValid;
    return `Checked ${rows}${invalid > 0 ? `; ${n(invalid)} with errors so far` : ""}`;
  }
  const done = WHAT[run.mode].done.replace(/^./, (first) => first.toUpperCase());
  const of = run.expected !== null && run.expected >= progress.rowsWritten ? ` of ${n(run.expected)}` : "";
  return `${done} ${n(progress.rowsWritten)}${of} offers (${rows} done)`;
}

/** One step of the progress block: the bar and its words (the screen reader's line is separate). */
function step(text: string, value: number, max: number): string {
  const percent = max > 0 ? Math.floor((value / max) * 100) : 100;
  return `<div class="step" aria-hidden="true"><span>${text}</span><progress max="${max}" value="${value}">${percent} %</progress></div>`;
}

/** A polite status line, visible to screen readers only (the step beside it shows the same). */
const spoken = (text: string) => `<p class="visually-hidden">${text}.</p>`;

/**
 * Answers with the streamed page: the frame and the first step at once, a step per batch, then the
 * results (or, after an error, what was written and how to go on; the error is logged).
 */
export async function streamBulkRun(c: Context<Env>, kit: Kit, run: StreamedRun): Promise<Response> {
  const ctx = kit.pageContext(c);
  const path = offersPath(ctx);
  const { mode, validateOnly, total } = run;
  const heading = validateOnly
    ? `Checking ${n(total)} rows to ${mode === "upload" ? "create" : "update"} offers`
    : `${WHAT[mode].verb.replace(/e$/, "")}ing offers from ${n(total)} rows`;
  const frame = `<!doctype html>${await (
    <Layout ctx={ctx} title={heading} current="offers">
      {raw(CUT)}
    </Layout>
  ).toString()}`;
  const [top, bottom] = frame.split(CUT) as [string, string];
  c.header("content-type", "text/html; charset=UTF-8");
  c.header("cache-control", "no-store");
  // Proxies that buffer responses (nginx) pass this one through as it comes.
  c.header("x-accel-buffering", "no");
  const started = Date.now();
  const log = { teamId: ctx.team?.id, mode, validateOnly, rows: total };

  return stream(c, async (out) => {
    let gone = false;
    out.onAbort(() => {
      gone = true;
    });
    // Writes are queued in order and not awaited between batches: the use case never waits on the client.
    const send = (html: string) => void out.write(html);
    const first = validateOnly ? `Checking ${n(total)} rows` : `Starting: ${n(total)} rows to go through`;
    send(
      `${top}<p><a href="${path}/bulk">Bulk CSV</a></p><h1>${heading}</h1>` +
        `<p class="muted">Keep this page open: it shows how far the file has got, then the results.</p>` +
        `<div class="run" role="status">${step(first, 0, total)}${spoken(first)}`,
    );
    let last: BulkCsvProgress = {
      phase: validateOnly ? "checking" : "writing",
      rowsChecked: 0,
      rowsValid: 0,
      rowsWritten: 0,
    };
    let spokenAt = Date.now();
    const onProgress = (progress: BulkCsvProgress) => {
      last = { ...progress };
      if (gone) {
        if (validateOnly) throw new ClientGone();
        return; // A run goes on to the end of the file: what was confirmed is written whole.
      }
      const text = progressText(run, progress);
      let html = step(text, progress.rowsChecked, total);
      if (Date.now() - spokenAt >= ANNOUNCE_EVERY_MS) {
        html += spoken(text);
        spokenAt = Date.now();
      }
      send(html);
    };
    try {
      const { title, results } = await run.work(onProgress);
      const done = `${progressText(run, last)}. The results follow`;
      const body = await (results as { toString(): string | Promise<string> }).toString();
      kit.logger.info("dashboard bulk CSV finished", { ...log, ...last, clientGone: gone, ms: Date.now() - started });
      await out.write(
        `${step(progressText(run, last), last.rowsChecked, total)}${spoken(done)}</div>` +
          `<section class="bulk-results" data-title="${title}">${body}</section>${bottom}`,
      );
    } catch (error) {
      if (error instanceof ClientGone) {
        kit.logger.info("dashboard bulk CSV check stopped: the client went away", { ...log, ...last });
        return;
      }
      kit.logger.error("dashboard bulk CSV stopped by an error", {
        ...log,
        ...last,
        error: String(error),
        stack: (error as Error).stack,
      });
      await out.write(`</div>${stoppedHtml(run, last, path)}${bottom}`);
    }
  });
}

/** What a run stopped by an error wrote and did not, in words, and the way on. */
function stoppedHtml(run: StreamedRun, last: BulkCsvProgress, path: string): string {
  const next = n(last.rowsChecked + 1);
  const again = `<a href="${path}/bulk">the bulk CSV page</a>`;
  if (run.validateOnly) {
    return (
      `<div class="notice bad" role="alert"><h2>The check stopped after ${n(last.rowsChecked)} of ${n(run.total)} rows</h2>` +
      `<p>Something went wrong on our side (it is in the log). Nothing was written: a check never writes. ` +
      `Check the file again from ${again}; if it keeps happening, tell the operator.</p></div>`
    );
  }
  const done = WHAT[run.mode].done;
  const wayOn =
    run.mode === "upload"
      ? `To go on, upload the same file again from ${again}: its rows whose offers were created are then rejected as taken SKUs, and the others are created. Or upload only the rows from row ${next} on.`
      : `To go on, run the same file as an update again from ${again}: rows already updated are set to the same values again. Or update only the rows from row ${next} on.`;
  const kept =
    last.rowsChecked === 0
      ? "Nothing was written."
      : `The rows before it went in as committed batches and stay: rows 1 to ${n(last.rowsChecked)}, ${n(last.rowsWritten)} offers ${done} (${n(last.rowsChecked - last.rowsValid)} rows rejected).`;
  return (
    `<div class="notice bad" role="alert"><h2>Stopped after ${n(last.rowsChecked)} of ${n(run.total)} rows: not every row was written</h2>` +
    `<p>Something went wrong on our side (it is in the log). ${kept} ` +
    `Nothing from row ${next} on was written, not even part of a batch.</p><p>${wayOn}</p>` +
    `<p>If it keeps happening, tell the operator.</p></div>`
  );
}

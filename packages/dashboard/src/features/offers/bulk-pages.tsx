/**
 * The bulk CSV pages: the upload and update forms with the limits stated first, and the results of
 * a check or a run as a table of the rejected rows with each error on its cell, the confirmation,
 * and the download of the rejected rows.
 *
 * @module
 */

import type { Team } from "@marketplace/core";
import { type BulkRowResult, OFFER_CSV_REQUIRED_COLUMNS } from "@marketplace/core/offers";
import { describedBy, FieldFrame } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext } from "../../ui/layout.tsx";
import { Table } from "../../ui/table.tsx";
import { type BulkMode, CARRY_MAX_BYTES, ERRORS_COLUMN, LIMITS_TEXT, SHOWN_ROWS } from "./bulk-csv.ts";

/** Each mode's words: its title, the verb of its button, and what its rows became. */
export const WHAT: Record<BulkMode, { title: string; verb: string; done: string }> = {
  upload: { title: "Upload new offers", verb: "Create", done: "created" },
  update: { title: "Update offers by SKU", verb: "Update", done: "updated" },
};

/** A file picker with its error, posting multipart to `action` with a busy state while it works. */
function FileForm(props: { mode: BulkMode; action: string; error?: string | undefined; button: string; busy: string }) {
  const id = `file-${props.mode}`;
  return (
    <form method="post" action={props.action} enctype="multipart/form-data" class="upload" data-busy={props.busy}>
      <FieldFrame id={id} label="CSV file" hint={LIMITS_TEXT} error={props.error}>
        <input
          id={id}
          name="file"
          type="file"
          accept=".csv,text/csv"
          required
          aria-invalid={props.error ? "true" : undefined}
          aria-describedby={describedBy(id, { hint: LIMITS_TEXT, error: props.error })}
        />
      </FieldFrame>
      <button type="submit">{props.button}</button>
      <p class="muted busy" role="status"></p>
    </form>
  );
}

/** The bulk page: the template, the limits, and a form per mode. */
export function BulkPage(props: { ctx: PageContext; errors: Partial<Record<BulkMode, string>> }) {
  const { ctx } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/offers`;
  return (
    <Layout ctx={ctx} title="Bulk CSV" current="offers">
      <p>
        <a href={path}>Offers</a>
      </p>
      <h1>Bulk CSV upload and update</h1>
      <div class="limits">
        <p>
          <strong>Limits:</strong> {LIMITS_TEXT} The file is checked first: nothing is written until you confirm.
        </p>
        <p>
          <a href={`${path}/bulk/template`} download="offers-template.csv">
            Download the template
          </a>{" "}
          (every column, and an example row that uploads as it is). An empty cell leaves a field as it is; NULL clears
          it.
        </p>
      </div>
      {(["upload", "update"] as const).map((mode) => (
        <section aria-labelledby={`${mode}-title`}>
          <h2 id={`${mode}-title`}>{WHAT[mode].title}</h2>
          <p class="muted">
            {mode === "upload"
              ? `Every row becomes a draft offer. Required columns: ${OFFER_CSV_REQUIRED_COLUMNS.upload.join(", ")}; each SKU must be new.`
              : "Each row changes the offer with its SKU; only the columns in the file are changed. A published offer must stay publishable."}
          </p>
          <FileForm
            mode={mode}
            action={`${path}/bulk/${mode}/check`}
            error={props.errors[mode]}
            button="Check the file"
            busy="Checking the file… a file of 50,000 rows takes up to a minute. Keep this page open."
          />
        </section>
      ))}
    </Layout>
  );
}

/** The cells of rejected rows with each error on its cell, and row-level errors in their own column. */
function RejectedTable(props: {
  header: readonly string[];
  cellsOf: ReadonlyMap<number, readonly string[]>;
  results: readonly BulkRowResult[];
}) {
  const rejected = props.results.filter((result) => result.status === "invalid");
  const shown = rejected.slice(0, SHOWN_ROWS);
  return (
    <Table
      caption={
        <>
          Rejected rows{rejected.length > shown.length ? ` (the first ${shown.length} of ${rejected.length})` : ""},
          each error on its cell
        </>
      }
      headers={["Row", "Row errors", ...props.header]}
    >
      {shown.map((result) => {
        const cells = props.cellsOf.get(result.row) ?? [];
        const whole = result.errors.filter((error) => error.column === null || !props.header.includes(error.column));
        return (
          <tr>
            <th scope="row">
              {result.row}
              <div class="muted">line {result.line}</div>
            </th>
            <td class={whole.length > 0 ? "bad" : undefined}>
              {whole.map((error) => (
                <p class="error">{error.message}</p>
              ))}
            </td>
            {props.header.map((column, index) => {
              const errors = result.errors.filter((error) => error.column === column);
              return (
                <td class={errors.length > 0 ? "bad" : undefined}>
                  {cells[index] ? <span>{cells[index]}</span> : <span class="muted">empty</span>}
                  {errors.map((error) => (
                    <p class="error">{error.message}</p>
                  ))}
                </td>
              );
            })}
          </tr>
        );
      })}
    </Table>
  );
}

/** A hidden copy of a file in a multipart form, or a picker to choose it again when it is too large. */
function Carried(props: { text: string | null; mode: BulkMode; what: string }) {
  if (props.text !== null) {
    return (
      <textarea name="file" hidden>
        {props.text}
      </textarea>
    );
  }
  const id = `again-${props.mode}-${props.what}`;
  return (
    <div class="field">
      <label for={id}>Choose the same file again</label>
      <p class="hint" id={`${id}-hint`}>
        Files over {CARRY_MAX_BYTES / (1024 * 1024)} MB are not kept in this page. It is checked again as it is written.
      </p>
      <input id={id} name="file" type="file" accept=".csv,text/csv" required aria-describedby={`${id}-hint`} />
    </div>
  );
}

/** What a results page shows: the file, its rows' results and counts, what is carried for the next step. */
export interface BulkResultProps {
  mode: BulkMode;
  checked: boolean;
  header: readonly string[];
  cellsOf: ReadonlyMap<number, readonly string[]>;
  results: readonly BulkRowResult[];
  counts: { rows: number; valid: number; invalid: number; written: number };
  /** The file as read, kept to confirm without choosing it again (null when too large). */
  file: string | null;
  /** The rejected rows as CSV (null when none, or too large to keep). */
  rejected: string | null;
}

/** The title of a results page ("Checked: 120 rows", "Done: 118 offers created"). */
export function bulkResultTitle(props: Pick<BulkResultProps, "mode" | "checked" | "counts">): string {
  const { counts } = props;
  return props.checked ? `Checked: ${counts.rows} rows` : `Done: ${counts.written} offers ${WHAT[props.mode].done}`;
}

/**
 * The results of a check (nothing written) or of a run (valid rows written), under a heading of
 * the given level: the page's h1, or an h2 after the progress of a streamed page.
 */
export function BulkResults(props: BulkResultProps & { path: string; heading: "h1" | "h2" }) {
  const { mode, counts, path } = props;
  const what = WHAT[mode];
  const title = bulkResultTitle(props);
  const Heading = props.heading;
  return (
    <>
      <Heading>{title}</Heading>
      <Notice
        text={
          props.checked
            ? `${counts.valid} of ${counts.rows} rows are ready to ${mode === "upload" ? "create" : "update"}; ${
                counts.invalid === 0
                  ? "none has errors"
                  : `${counts.invalid} ${counts.invalid === 1 ? "has" : "have"} errors and would be skipped`
              }. Nothing is written yet.`
            : `${counts.written} offers ${what.done}; ${counts.invalid} rows rejected and skipped.`
        }
      />
      {props.checked && counts.valid > 0 ? (
        <form
          method="post"
          action={`${path}/bulk/${mode}/confirm?expect=${counts.valid}`}
          enctype="multipart/form-data"
          class="upload"
          data-busy={`${what.verb.replace(/e$/, "")}ing ${counts.valid} offers… keep this page open.`}
        >
          <Carried text={props.file} mode={mode} what="confirm" />
          <button type="submit">
            {what.verb} {counts.valid} {counts.valid === 1 ? "offer" : "offers"}
            {counts.invalid > 0 ? ` and skip ${counts.invalid} rejected ${counts.invalid === 1 ? "row" : "rows"}` : ""}
          </button>
          <p class="muted busy" role="status"></p>
        </form>
      ) : null}
      {counts.invalid > 0 ? (
        <section aria-labelledby="rejected-title">
          <h2 id="rejected-title">Rejected rows</h2>
          {props.rejected !== null ? (
            <form method="post" action={`${path}/bulk/${mode}/rejected`} enctype="multipart/form-data" class="inline">
              <textarea name="file" hidden>
                {props.rejected}
              </textarea>
              <button type="submit" class="secondary">
                Download the rejected rows (CSV with an {ERRORS_COLUMN} column)
              </button>
            </form>
          ) : (
            <p class="muted">
              The rejected rows are too many to keep in this page for a download: fix them from the table below.
            </p>
          )}
          <p class="muted">
            Fix the rows in the downloaded file (its {ERRORS_COLUMN} column is left out when you upload it) and{" "}
            <a href={`${path}/bulk`}>upload it again</a>.
          </p>
          <RejectedTable header={props.header} cellsOf={props.cellsOf} results={props.results} />
        </section>
      ) : (
        <p class="done">Every row is valid.</p>
      )}
      {props.checked ? null : (
        <p>
          <a href={path}>Go to the offers</a>
        </p>
      )}
    </>
  );
}

/** The path of the team's offers pages. */
export function offersPath(ctx: PageContext): string {
  return `${ctx.base}/teams/${(ctx.team as Team).id}/provider/offers`;
}

/** The result of a check (nothing written) or of a run (valid rows written), as a page of its own. */
export function BulkResultPage(props: BulkResultProps & { ctx: PageContext }) {
  const path = offersPath(props.ctx);
  return (
    <Layout ctx={props.ctx} title={bulkResultTitle(props)} current="offers">
      <p>
        <a href={`${path}/bulk`}>Bulk CSV</a>
      </p>
      <BulkResults {...props} path={path} heading="h1" />
    </Layout>
  );
}

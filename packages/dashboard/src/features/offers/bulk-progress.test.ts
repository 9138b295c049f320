import { randomUUID } from "node:crypto";
import type { LogFields } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carried, joinTeam, postFile } from "../../../../../test/helpers/bulk-csv.ts";
import {
  createDashboardTestApp,
  type DashboardTestApp,
  type FormClient,
} from "../../../../../test/helpers/dashboard.ts";
import { STREAM_MIN_ROWS } from "./bulk-progress.tsx";

// The streamed page of a large bulk CSV file (ADR-0077) by app.fetch over real PostgreSQL: the
// frame and the progress steps arrive in chunks before the results, with the frame's headers; the
// run after confirmation counts against the checked rows; a database failure mid-way says what was
// written and what was not (and is logged); a client that goes away does not stop a run half-way.

let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let owner: FormClient;
const logs: { level: string; message: string; fields: LogFields | undefined }[] = [];
const record = (level: string) => (message: string, fields?: LogFields) => {
  logs.push({ level, message, fields });
};

const bulk = () => `/dashboard/teams/${provider.teamId}/provider/offers/bulk`;

/** A file of `count` rows; every `badEvery`-th has an unknown service type. */
function file(prefix: string, count: number, badEvery = 0): string {
  const rows = Array.from({ length: count }, (_, i) => {
    const type = badEvery > 0 && (i + 1) % badEvery === 0 ? "plasma" : "tv";
    return `${prefix}-${i + 1},Offer ${i + 1},${type}`;
  });
  return ["sku,name,serviceType", ...rows].join("\r\n");
}

/** The body's chunks as they arrive. */
async function chunks(response: Response): Promise<string[]> {
  const decoder = new TextDecoder();
  const out: string[] = [];
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    out.push(decoder.decode(chunk, { stream: true }));
  }
  return out;
}

/** Index of the first chunk containing `text` (-1 if none). */
const chunkWith = (parts: string[], text: string | RegExp) =>
  parts.findIndex((part) => (typeof text === "string" ? part.includes(text) : text.test(part)));

async function stored(prefix: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from offers where team_id = ${provider.teamId}
    and sku like ${`${prefix}-%`}`.execute(t.database.db);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  t = await createDashboardTestApp({
    logger: { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") },
  });
  provider = await t.createTeam("provider", "Fiber Co");
  owner = await joinTeam(t, provider.teamId, "owner@fiber.example");
}, 60_000);
afterAll(() => t?.close());

describe("bulk CSV progress on a streamed page", () => {
  it("streams the check of a large file: frame and steps first, then the results, with the page's headers", async () => {
    const prefix = `C${randomUUID().slice(0, 6)}`;
    expect(STREAM_MIN_ROWS).toBeLessThanOrEqual(2500);
    const response = await postFile(t, owner, `${bulk()}/upload/check`, file(prefix, 2500, 50));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=UTF-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const parts = await chunks(response);
    const html = parts.join("");
    expect(html).toContain(`<script src="/dashboard/assets/`);
    expect(html).toContain(`nonce="${nonce}"`);

    // The frame, the heading and the first step come first, before any row is checked.
    expect(parts[0]).toContain("<h1>Checking 2,500 rows to create offers</h1>");
    expect(parts[0]).toContain('<div class="run" role="status">');
    expect(parts[0]).not.toContain("bulk-results");
    // A step per batch, each in a chunk of its own, growing, all before the results.
    const results = chunkWith(parts, 'class="bulk-results"');
    const steps = [500, 1000, 1500, 2000].map((rows) =>
      chunkWith(parts, `Checked ${rows.toLocaleString("en-US")} of 2,500 rows; ${rows / 50} with errors so far`),
    );
    for (const index of steps) expect(index).toBeGreaterThan(0);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    expect(new Set(steps).size).toBe(4);
    expect(steps.at(-1)).toBeLessThan(results);
    expect(html).toContain('<progress max="2500" value="1000">40 %</progress>');
    // Then the results with the final counts, and the page closed.
    expect(html).toContain('data-title="Checked: 2500 rows"');
    expect(html).toContain("2450 of 2500 rows are ready to create; 50 have errors");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    expect(await stored(prefix)).toBe(0);

    // The confirmation counts against the rows the check found valid.
    const action = `${bulk()}/upload/confirm`;
    expect(html).toContain(`action="${action}?expect=2450"`);
    const run = await postFile(t, owner, `${action}?expect=2450`, carried(html, action), { asText: true });
    const done = await chunks(run);
    const created = chunkWith(done, "Created 490 of 2,450 offers (500 of 2,500 rows done)");
    expect(created).toBeGreaterThan(0);
    expect(created).toBeLessThan(chunkWith(done, 'class="bulk-results"'));
    expect(done.join("")).toContain("2450 offers created; 50 rows rejected and skipped.");
    expect(await stored(prefix)).toBe(2450);
  });

  it("says what a database failure mid-way wrote and what it did not, and logs the error", async () => {
    const prefix = `F${randomUUID().slice(0, 6)}`;
    // A real failure in the fourth batch: a trigger refuses row 1,777's SKU.
    await sql
      .raw(`create function bulk_page_test_refuse() returns trigger language plpgsql as $$
        begin if new.sku = '${prefix}-1777' then raise exception 'refused by the test'; end if; return new; end $$;
        create trigger bulk_page_test_refuse before insert on offers
        for each row execute function bulk_page_test_refuse();`)
      .execute(t.database.db);
    try {
      const response = await postFile(t, owner, `${bulk()}/upload/confirm`, file(prefix, 2500));
      expect(response.status).toBe(200);
      const html = (await chunks(response)).join("");
      expect(html).toContain("Stopped after 1,500 of 2,500 rows: not every row was written");
      expect(html).toContain("rows 1 to 1,500, 1,500 offers created (0 rows rejected)");
      expect(html).toContain("Nothing from row 1,501 on was written, not even part of a batch.");
      expect(html).toContain("upload the same file again");
      expect(html).not.toContain("bulk-results");
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
      expect(await stored(prefix)).toBe(1500);
      const logged = logs.find((line) => line.message === "dashboard bulk CSV stopped by an error");
      expect(logged?.level).toBe("error");
      expect(logged?.fields).toMatchObject({ rowsChecked: 1500, rowsWritten: 1500, rows: 2500 });
      expect(String(logged?.fields?.error)).toContain("refused by the test");
    } finally {
      await sql
        .raw("drop trigger bulk_page_test_refuse on offers; drop function bulk_page_test_refuse();")
        .execute(t.database.db);
    }
  });

  it("finishes a run whose client went away, and stops a check", async () => {
    const prefix = `G${randomUUID().slice(0, 6)}`;
    const response = await postFile(t, owner, `${bulk()}/upload/confirm`, file(prefix, 2500));
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain("Creating offers from 2,500 rows");
    await reader.cancel();
    // The run goes on to the end of the file: every batch whole.
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !logs.some((line) => line.fields?.clientGone === true)) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const finished = logs.find((line) => line.fields?.clientGone === true);
    expect(finished?.fields).toMatchObject({ rowsChecked: 2500, rowsWritten: 2500 });
    expect(await stored(prefix)).toBe(2500);

    const check = await postFile(t, owner, `${bulk()}/update/check`, file(prefix, 2500));
    const checkReader = (check.body as ReadableStream<Uint8Array>).getReader();
    await checkReader.read();
    await checkReader.cancel();
    while (Date.now() < deadline && !logs.some((line) => line.message.includes("check stopped"))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const stopped = logs.find((line) => line.message.includes("check stopped"));
    expect(stopped?.fields?.rowsChecked).toBeLessThan(2500);
  });
});

import { randomUUID } from "node:crypto";
import type { LogFields } from "@marketplace/core";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carried, joinTeam, postFile as postFileAs } from "../../../../../test/helpers/bulk-csv.ts";
import {
  createDashboardTestApp,
  type DashboardTestApp,
  type FormClient,
} from "../../../../../test/helpers/dashboard.ts";
import { guardCell } from "./bulk-csv.ts";
import { STREAM_MIN_ROWS } from "./bulk-progress.tsx";

// Bulk CSV in the dashboard by app.request over real PostgreSQL: the template; a file checked by the
// validate use case (nothing written) with each error on its cell; the confirmation; the rejected
// rows as CSV with an errors column, fixed and uploaded again; bad files each with what to fix; the
// multipart body on these routes only, with CSRF; roles. A large file's streamed page (ADR-0077):
// the frame and the progress steps arrive in chunks before the results, with the frame's headers;
// the run after confirmation counts against the checked rows; a database failure mid-way says what
// was written and what was not (and is logged); a client that goes away does not stop a run half-way.

let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let owner: FormClient;
let viewer: FormClient;
const logs: { level: string; message: string; fields: LogFields | undefined }[] = [];
const record = (level: string) => (message: string, fields?: LogFields) => {
  logs.push({ level, message, fields });
};

const join = (teamId: string, email: string, role: "owner" | "viewer" = "owner") => joinTeam(t, teamId, email, role);
const postFile = (
  client: FormClient,
  path: string,
  content: string | Uint8Array,
  options?: { asText?: boolean; origin?: string | null },
) => postFileAs(t, client, path, content, options);

const bulk = () => `/dashboard/teams/${provider.teamId}/provider/offers/bulk`;

async function offerCount(): Promise<number> {
  const list = await t.marketplace.offers.list(
    { teamId: provider.teamId, role: "provider", apiKeyId: "t" },
    { kind: "all" },
  );
  return (Array.isArray(list) ? list : list.data).length;
}

beforeAll(async () => {
  t = await createDashboardTestApp({
    logger: { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") },
  });
  provider = await t.createTeam("provider", "Fiber Co");
  [owner, viewer] = await Promise.all([
    join(provider.teamId, "owner@fiber.example"),
    join(provider.teamId, "viewer@fiber.example", "viewer"),
  ]);
}, 60_000);
afterAll(() => t?.close());

describe("bulk CSV", () => {
  it("states the limits and serves the template", async () => {
    const page = await (await owner.get(bulk())).text();
    expect(page).toContain("At most 50,000 rows (the header not counted) and 10 MB, saved as CSV in UTF-8.");
    const template = await owner.get(`${bulk()}/template`);
    expect(template.headers.get("content-disposition")).toContain("offers-template.csv");
    expect((await template.text()).split("\r\n")[0]).toMatch(/^sku,name,serviceType,/);
  });

  it("checks a file without writing, shows each error on its cell, confirms, and takes the fixed rejected rows back", async () => {
    const tag = randomUUID().slice(0, 8);
    const file = [
      "sku,name,serviceType,monthlyPrice",
      `A-${tag},Fiber 100,internet,39.99`,
      `B-${tag},Fiber 200,internet,12.345`,
      `C-${tag},=HYPERLINK("x"),internet,free`,
      `A-${tag},Fiber again,internet,29.99`,
      `D-${tag},Gas,plasma,19.99`,
    ].join("\n");
    const before = await offerCount();
    const check = await postFile(owner, `${bulk()}/upload/check`, file);
    expect(check.status).toBe(200);
    const html = await check.text();
    expect(await offerCount()).toBe(before);
    expect(html).toContain("1 of 5 rows are ready to create; 4 have errors");
    // Each error is in the cell of its column.
    expect(html).toMatch(/<td class="bad"><span>12\.345<\/span><p class="error">monthlyPrice must be a decimal string/);
    expect(html).toMatch(/<td class="bad"><span>A-[^<]*<\/span><p class="error">sku A-[^ ]* is also used by row 1/);
    expect(html).toMatch(/<td class="bad"><span>plasma<\/span><p class="error">serviceType must be one of/);

    const confirmed = await postFile(owner, `${bulk()}/upload/confirm`, carried(html, `${bulk()}/upload/confirm`), {
      asText: true,
    });
    expect(confirmed.status).toBe(200);
    const done = await confirmed.text();
    expect(done).toContain("1 offers created; 4 rows rejected and skipped.");
    expect(await offerCount()).toBe(before + 1);

    const download = await postFile(owner, `${bulk()}/upload/rejected`, carried(done, `${bulk()}/upload/rejected`), {
      asText: true,
    });
    expect(download.headers.get("content-disposition")).toContain("offers-upload-rejected.csv");
    const rejected = (await download.text()).split("\r\n");
    expect(rejected[0]).toBe("sku,name,serviceType,monthlyPrice,errors");
    expect(rejected).toHaveLength(6); // header, four rows, final line end
    expect(rejected[1]).toContain("monthlyPrice: monthlyPrice must be a decimal string");
    // The formula cell comes back guarded; the duplicate SKU row names its column.
    expect(rejected.join("\n")).toContain(`'=HYPERLINK`);
    expect(rejected[3]).toContain("sku: sku A-");

    // Fixed in place (the errors column stays) and uploaded again: accepted.
    const fixed = [
      rejected[0],
      `B-${tag},Fiber 200,internet,12.35,whatever`,
      `C-${tag},'=HYPERLINK,internet,49.99,`,
      `E-${tag},Fiber again,internet,29.99,`,
      `F-${tag},Gas,natural_gas,19.99,`,
    ].join("\r\n");
    const again = await (await postFile(owner, `${bulk()}/upload/check`, fixed)).text();
    expect(again).toContain("4 of 4 rows are ready to create; none has errors");
  });

  it("updates offers by SKU after a check", async () => {
    const tag = randomUUID().slice(0, 8);
    await postFile(owner, `${bulk()}/upload/confirm`, `sku,name,serviceType\nU-${tag},Old name,tv\n`);
    const html = await (
      await postFile(owner, `${bulk()}/update/check`, `sku,name\nU-${tag},New name\nX-${tag},Nobody\n`)
    ).text();
    expect(html).toMatch(/<p class="error">sku X-[^ ]* matches none of the team&#39;s offers/);
    const done = await (
      await postFile(owner, `${bulk()}/update/confirm`, carried(html, `${bulk()}/update/confirm`), { asText: true })
    ).text();
    expect(done).toContain("1 offers updated; 1 rows rejected");
  });

  it("asks for a file over 1 MB again to confirm, and says when the rejected rows are too many to keep", async () => {
    const tag = randomUUID().slice(0, 8);
    const description = "d".repeat(200);
    const rows = Array.from(
      { length: 6000 },
      (_, i) => `L-${tag}-${i},Offer ${i},${i % 2 === 0 ? "tv" : "plasma"},${description}`,
    );
    const html = await (
      await postFile(owner, `${bulk()}/upload/check`, ["sku,name,serviceType,description", ...rows].join("\n"))
    ).text();
    expect(html).toContain("3000 of 6000 rows are ready to create");
    expect(html).toContain("Choose the same file again");
    expect(html).not.toContain('<textarea name="file" hidden');
    expect(html).toContain("The rejected rows are too many to keep in this page");
    expect(html).toContain("(the first 100 of 3000)");
  });

  it("reads a quote inside a cell as text (medusa #13453), and a quoted cell with commas and doubled quotes", async () => {
    const file = 'sku,name,serviceType\nQ-1,TV 55" screen,tv\nQ-2,"Fiber, ""fast"" plan",internet\n';
    const html = await (await postFile(owner, `${bulk()}/upload/check`, file)).text();
    expect(html).toContain("2 of 2 rows are ready to create; none has errors");
  });

  it("says what to fix in a bad file, and writes nothing", async () => {
    const before = await offerCount();
    const cases: [string | Uint8Array, number, string][] = [
      ["", 400, "The file is empty."],
      [
        new Uint8Array([...new TextEncoder().encode("sku,name,serviceType\nA,Caf"), 0xe9, 0x0a]),
        400,
        "The file is not UTF-8 text",
      ],
      [
        "sku,Name,serviceType\n",
        400,
        "The column &quot;Name&quot; is not one of the template&#39;s. Did you mean &quot;name&quot;?",
      ],
      ["sku,name\n", 400, "The column &quot;serviceType&quot; is missing: a upload file needs sku, name, serviceType."],
      ['sku,name,serviceType\nA,"Fiber,internet\n', 400, "The file is not valid CSV: the row starting at line 2"],
      [`sku,name,serviceType\n${"A,B,tv\n".repeat(50_001)}`, 413, "The file has more than 50,000 rows."],
    ];
    for (const [content, status, text] of cases) {
      const res = await postFile(owner, `${bulk()}/upload/check`, content);
      expect(res.status, text).toBe(status);
      expect(await res.text()).toContain(text);
    }
    const huge = `sku,name,serviceType\n${`A,${"x".repeat(290)},tv\n`.repeat(40_000)}`;
    const tooLarge = await postFile(owner, `${bulk()}/upload/check`, huge);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toContain("The file is larger than 10 MB.");
    expect(await offerCount()).toBe(before);
  });

  it("takes multipart only on its routes and only from this origin; a viewer cannot upload", async () => {
    const file = "sku,name,serviceType\nZ,Z,tv\n";
    expect((await postFile(owner, `${bulk()}/upload/check`, file, { origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect((await postFile(owner, `${bulk()}/upload/check`, file, { origin: null })).status).toBe(403);
    expect((await postFile(owner, `/dashboard/teams/${provider.teamId}/provider/offers/new`, file)).status).toBe(403);
    expect((await postFile(viewer, `${bulk()}/upload/check`, file)).status).toBe(403);
    expect((await viewer.get(bulk())).status).toBe(403);
  });

  it("guards cells against formulas", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "plain"].map(guardCell)).toEqual([
      "'=1+1",
      "'+1",
      "'-1",
      "'@SUM(A1)",
      "'\tx",
      "plain",
    ]);
  });
});

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

describe("bulk CSV progress on a streamed page", () => {
  it("streams the check of a large file: frame and steps first, then the results, with the page's headers", async () => {
    const prefix = `C${randomUUID().slice(0, 6)}`;
    expect(STREAM_MIN_ROWS).toBeLessThanOrEqual(2500);
    const response = await postFile(owner, `${bulk()}/upload/check`, file(prefix, 2500, 50));
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
    const run = await postFile(owner, `${action}?expect=2450`, carried(html, action), { asText: true });
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
      const response = await postFile(owner, `${bulk()}/upload/confirm`, file(prefix, 2500));
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
    const response = await postFile(owner, `${bulk()}/upload/confirm`, file(prefix, 2500));
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

    const check = await postFile(owner, `${bulk()}/update/check`, file(prefix, 2500));
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

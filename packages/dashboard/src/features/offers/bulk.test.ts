import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { carried, joinTeam, postFile as postFileAs } from "../../../../../test/helpers/bulk-csv.ts";
import {
  createDashboardTestApp,
  type DashboardTestApp,
  type FormClient,
} from "../../../../../test/helpers/dashboard.ts";
import { guardCell } from "./bulk-csv.ts";

// Bulk CSV in the dashboard by app.request over real PostgreSQL: the template; a file checked by the
// validate use case (nothing written) with each error on its cell; the confirmation; the rejected
// rows as CSV with an errors column, fixed and uploaded again; bad files each with what to fix; the
// multipart body on these routes only, with CSRF; roles.

let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let owner: FormClient;
let viewer: FormClient;

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
  t = await createDashboardTestApp();
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
    expect(again).toContain("4 of 4 rows are ready to create; 0 have errors");
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
    expect(html).toContain("2 of 2 rows are ready to create; 0 have errors");
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

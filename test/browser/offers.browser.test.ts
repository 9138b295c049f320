import { randomUUID } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { randomUuid } from "@marketplace/core";
import { blankOfferFields } from "@marketplace/core/offers";
import { type Browser, chromium, type Page } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM, CHROMIUM_FLAGS } from "../helpers/chromium.ts";
import { createDashboardTestApp, type DashboardTestApp } from "../helpers/dashboard.ts";
import { freePort } from "../helpers/free-port.ts";
import { expectAccessible as checkPage } from "../helpers/page-checks.ts";

// The provider's offers in Debian's Chromium over the reference composition (API + dashboard) on
// real PostgreSQL: an offer created in the editor shows what publishing needs beside its fields,
// is fixed and published; a CSV file with good and bad rows is checked (each error on its cell),
// confirmed, its rejected rows downloaded, fixed and uploaded again; a file that is not UTF-8 is
// refused with what to fix; a 3,000-row file shows its progress as it is checked and written (held
// in a batch by a transaction of the test, to check that state). axe checks every page at WCAG 2.2 AA; screenshots go to
// test-results/offers/ (light and dark).

const SHOTS = fileURLToPath(new URL("../../test-results/offers/", import.meta.url));
const PASSWORD = "tangerine kettle mountain 42";
const TAG = randomUUID().slice(0, 6).toUpperCase();

let t: DashboardTestApp;
let server: ReturnType<typeof serve>;
let base: string;
let browser: Browser;
let provider: { teamId: string; apiKey: string };
let page: Page;

async function expectAccessible(name: string): Promise<void> {
  await checkPage(page, name);
}

/** axe in light (and dark when asked), screenshots in both. */
async function check(name: string, options: { axeDark?: boolean } = {}): Promise<void> {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    if (scheme === "light" || options.axeDark) await expectAccessible(`${name} (${scheme})`);
    await page.screenshot({ path: `${SHOTS}${name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

const csv = (lines: string[]) => ({
  name: "offers.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(lines.join("\r\n")),
});

beforeAll(async () => {
  t = await createDashboardTestApp({ secureCookies: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = serve({ fetch: (request) => t.fetch(request), port, hostname: "127.0.0.1" });
  [browser] = await Promise.all([
    chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS }),
    mkdir(SHOTS, { recursive: true }),
  ]);
  provider = await t.createTeam("provider", "Lone Star Fiber");
  const token = await t.invite(provider.teamId, "ops@lonestar.example", "owner");
  const context = await browser.newContext({ acceptDownloads: true });
  page = await context.newPage();
  await page.goto(`${base}/dashboard/invite/${token}`);
  await page.fill("#field-password", PASSWORD);
  await page.fill("#field-confirm", PASSWORD);
  await page.click("main button[type=submit]");
  await page.waitForURL(`${base}/dashboard/teams/${provider.teamId}`);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
});

describe("the provider's offers in Chromium", { timeout: 60_000 }, () => {
  it("creates an offer, sees what publishing needs beside the fields, fixes it and publishes", async () => {
    await page.click("nav >> text=Offers");
    await page.click("text=New offer");
    await check("offer-new");
    await page.fill("#offer-name", "Fiber 2000");
    await page.selectOption("#offer-serviceType", "internet");
    await page.fill("#offer-monthlyPrice", "49.999");
    await page.click("main button:text-is('Create the draft')");
    // The core's problem beside its field, with what was typed kept.
    expect(await page.textContent("#offer-monthlyPrice-error")).toContain("at most two decimals");
    expect(await page.inputValue("#offer-monthlyPrice")).toBe("49.999");
    await check("offer-new-error");
    await page.fill("#offer-monthlyPrice", "");
    await page.click("main button:text-is('Create the draft')");

    // Before Publish is pressed: what publishing needs, beside each field and in a summary.
    expect(await page.textContent("#readiness-title")).toBe("Before you can publish");
    expect(await page.textContent("#offer-sku-needed")).toContain("SKU is required to publish");
    expect(await page.textContent("#offer-monthlyPrice-needed")).toContain("Monthly price (USD) is required");
    expect(await page.textContent("#offer-internet-downloadSpeedMbps-needed")).toContain("Download speed");
    expect(await page.textContent("#offer-internet-connectionType-needed")).toContain("Connection type");
    await check("offer-draft", { axeDark: true });

    await page.fill("#offer-sku", `FIBER-2000-${TAG}`);
    await page.fill("#offer-monthlyPrice", "69.99");
    await page.fill("#offer-internet-downloadSpeedMbps", "2000");
    await page.selectOption("#offer-internet-connectionType", "fiber");
    await page.click("main button:text-is('Save')");
    expect(await page.textContent("main")).toContain("Ready to publish");
    await page.click("main button:text-is('Publish')");
    expect(await page.textContent("[role=status]")).toContain("The offer is published");
    expect(await page.textContent("main .badge")).toBe("Published");
    await check("offer-published");
  });

  it("checks a CSV file, shows each error on its cell, confirms, and takes the fixed rejected rows back", async () => {
    await page.click("nav >> text=Offers");
    await page.click("text=Bulk CSV upload and update");
    expect(await page.textContent(".limits")).toContain("At most 50,000 rows");
    await check("bulk");
    await page.setInputFiles(
      "#file-upload",
      csv([
        "sku,name,serviceType,monthlyPrice",
        `GOOD-1-${TAG},Fiber 100,internet,39.99`,
        `GOOD-2-${TAG},TV Basic,tv,19.99`,
        `BAD-1-${TAG},Fiber 300,internet,cheap`,
        `BAD-2-${TAG},Gas,plasma,29.99`,
      ]),
    );
    // A submitted file form says it is working and its button cannot be pressed twice (a submit
    // event alone, which sends nothing, runs the page's script).
    const busy = await page.evaluate(async () => {
      const form = document.querySelector("#upload-title ~ form") as HTMLFormElement;
      form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const button = form.querySelector("button[type=submit]") as HTMLButtonElement;
      const state = [button.getAttribute("aria-busy"), button.disabled, form.querySelector(".busy")?.textContent];
      button.disabled = false;
      return state;
    });
    expect(busy).toEqual([
      "true",
      true,
      "Checking the file… a file of 50,000 rows takes up to a minute. Keep this page open.",
    ]);
    await page.click("#upload-title ~ form button[type=submit]");
    expect(await page.textContent("[role=status]")).toContain("2 of 4 rows are ready to create");
    const cheap = page.locator("td.bad", { hasText: "cheap" });
    expect(await cheap.locator(".error").textContent()).toContain("monthlyPrice must be a decimal string");
    expect(await page.locator("td.bad", { hasText: "plasma" }).locator(".error").textContent()).toContain(
      "serviceType must be one of",
    );
    await check("bulk-checked", { axeDark: true });

    await page.click("main button:has-text('Create 2 offers')");
    expect(await page.textContent("h1")).toBe("Done: 2 offers created");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click("text=Download the rejected rows"),
    ]);
    expect(download.suggestedFilename()).toBe("offers-upload-rejected.csv");
    const rejected = (await readFile((await download.path()) as string, "utf8")).split("\r\n");
    expect(rejected[0]).toBe("sku,name,serviceType,monthlyPrice,errors");
    expect(rejected.filter((line) => line.startsWith("BAD-"))).toHaveLength(2);
    await check("bulk-done");

    // Fixed in the file as downloaded (the errors column stays) and uploaded again.
    const fixed = rejected.map((line) => line.replace(",cheap,", ",59.99,").replace(",plasma,", ",natural_gas,"));
    await page.click("text=upload it again");
    await page.setInputFiles("#file-upload", csv(fixed));
    await page.click("#upload-title ~ form button[type=submit]");
    expect(await page.textContent("[role=status]")).toContain("2 of 2 rows are ready to create");
    await page.click("main button:has-text('Create 2 offers')");
    expect(await page.textContent("h1")).toBe("Done: 2 offers created");

    await page.click("nav >> text=Offers");
    await page.fill("#filter-search", TAG.toLowerCase());
    await page.selectOption("#filter-status", "draft");
    await page.click("main button:text-is('Filter')");
    await page.waitForURL(/status=draft/);
    expect(await page.locator("tbody tr").count()).toBe(4);
    await check("offers", { axeDark: true });
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: `${SHOTS}offers-360px.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
  });

  it("shows the progress of a large file as it is checked and written, then the results", async () => {
    // Every progress bar the page gets, as the parser adds it, and whether the results were there yet.
    await page.addInitScript(() => {
      const seen: { value: number; max: number; label: string; results: boolean }[] = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      const scan = () => {
        const bars = document.querySelectorAll(".run progress");
        for (const bar of [...bars].slice(seen.length)) {
          const label = bar.previousElementSibling?.textContent ?? "";
          const results = document.querySelector(".bulk-results") !== null;
          seen.push({ value: Number(bar.getAttribute("value")), max: Number(bar.getAttribute("max")), label, results });
        }
      };
      new MutationObserver(scan).observe(document, { childList: true, subtree: true });
    });
    const seen = () =>
      page.evaluate(
        () =>
          (window as unknown as { progressSeen: { value: number; max: number; label: string; results: boolean }[] })
            .progressSeen,
      );
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `P-${i + 1}-${TAG},Offer ${i + 1},${i % 100 === 99 ? "x" : "tv"}`,
    );
    await page.goto(`${base}/dashboard/teams/${provider.teamId}/provider/offers/bulk`);
    await page.setInputFiles("#file-upload", csv(["sku,name,serviceType", ...rows]));
    await page.click("#upload-title ~ form button[type=submit]");
    await page.waitForSelector(".bulk-results");
    const checked = await seen();
    // An intermediate value was on the page before the results arrived.
    expect(checked.some((step) => step.value > 0 && step.value < 3000 && !step.results)).toBe(true);
    expect(checked.at(-1)).toMatchObject({
      value: 3000,
      max: 3000,
      label: "Checked 3,000 of 3,000 rows; 30 with errors so far",
    });
    expect(await page.textContent(".bulk-results [role=status]")).toContain("2970 of 3000 rows are ready to create");
    expect(await page.title()).toBe("Checked: 3000 rows · Marketplace dashboard");
    await expectAccessible("bulk-large-checked");

    // The run, held in its fourth batch by a transaction that inserts row 1,701's SKU and waits:
    // the page shows 1,500 rows done (axe and screenshots of that state), then goes on.
    const unitOfWork = new PostgresUnitOfWork({ db: t.database.db });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = unitOfWork
      .transaction(async (tx) => {
        const now = new Date();
        await tx.offers.insertMany([
          {
            ...blankOfferFields("Held", "tv"),
            sku: `P-1701-${TAG}`,
            id: randomUuid(),
            teamId: provider.teamId,
            status: "draft",
            brand: null,
            createdAt: now,
            updatedAt: now,
            publishedAt: null,
          },
        ]);
        await released;
        throw new Error("rolled back by the test");
      })
      .catch(() => {});
    try {
      await page.click("main button:has-text('Create 2970 offers')");
      await page.waitForSelector('.run progress[value="1500"]');
      expect(await page.textContent(".run .step:last-of-type span")).toBe(
        "Created 1,485 of 2,970 offers (1,500 of 3,000 rows done)",
      );
      expect(await page.$(".bulk-results")).toBeNull();
      // Only the newest step is shown (no script needed): the earlier ones are hidden.
      const shown = await page.$$eval(".run .step", (steps) => steps.map((s) => getComputedStyle(s).display));
      expect(shown).toEqual(["none", "none", "none", "grid"]);
      await expectAccessible("bulk-progress (light)");
      await page.screenshot({ path: `${SHOTS}bulk-progress-light.png` });
      await page.setViewportSize({ width: 360, height: 640 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await page.screenshot({ path: `${SHOTS}bulk-progress-360px.png` });
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.emulateMedia({ colorScheme: "dark" });
      await expectAccessible("bulk-progress (dark)");
      await page.emulateMedia({ colorScheme: "light" });
    } finally {
      release();
      await held;
    }
    await page.waitForSelector(".bulk-results");
    expect(await page.textContent(".bulk-results h2")).toBe("Done: 2970 offers created");
    const written = await seen();
    expect(written.some((step) => step.value === 1500 && !step.results)).toBe(true);
    expect(written.at(-1)?.label).toBe("Created 2,970 of 2,970 offers (3,000 of 3,000 rows done)");
    await expectAccessible("bulk-large-done");

    // Without JavaScript: the same page, only the newest step shown, then the results.
    const noScript = await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
    });
    try {
      const plain = await noScript.newPage();
      await plain.goto(`${base}/dashboard/teams/${provider.teamId}/provider/offers/bulk`);
      await plain.setInputFiles(
        "#file-update",
        csv(["sku,name", ...rows.map((row) => row.split(",").slice(0, 2).join(","))]),
      );
      await plain.click("#update-title ~ form button[type=submit]");
      await plain.waitForSelector(".bulk-results");
      expect(await plain.locator(".run .step:visible").count()).toBe(1);
      expect(await plain.textContent(".run .step:visible span")).toBe(
        "Checked 3,000 of 3,000 rows; 30 with errors so far",
      );
      expect(await plain.textContent(".bulk-results h2")).toBe("Checked: 3000 rows");
    } finally {
      await noScript.close();
    }
  });

  it("refuses a file that is not UTF-8 with what to fix", async () => {
    await page.goto(`${base}/dashboard/teams/${provider.teamId}/provider/offers/bulk`);
    const latin1 = Buffer.from([...Buffer.from("sku,name,serviceType\r\nX-1,Caf"), 0xe9, 0x0d, 0x0a]);
    await page.setInputFiles("#file-upload", { name: "latin1.csv", mimeType: "text/csv", buffer: latin1 });
    await page.click("#upload-title ~ form button[type=submit]");
    expect(await page.textContent("#file-upload-error")).toContain('save it as "CSV UTF-8"');
    await check("bulk-bad-file");
  });

  it("keeps brands with a logo preview and markets with their ZIP areas", async () => {
    await page.click("nav >> text=Brands");
    await page.fill("#field-name", "Lone Star Gold");
    await page.fill("#field-logoUrl", "https://cdn.example.com/lone-star.png");
    await page.click("main button:text-is('Create the brand')");
    expect(await page.getAttribute("img.logo", "alt")).toBe("Logo of Lone Star Gold");
    await check("brand");

    await page.click("nav >> text=Markets");
    await page.fill("#field-name", "Austin metro");
    await page.click("main button:text-is('Create the market')");
    await page.fill("#field-zips", "78701, 78702\n78703 7870");
    await page.click("main button:text-is('Add the areas')");
    expect(await page.textContent("#field-zips-error")).toContain("Not 5-digit US ZIP codes, so not added: 7870.");
    expect(await page.inputValue("#field-zips")).toBe("7870");
    await page.check("label:has-text('78701') input");
    await page.check("label:has-text('78702') input");
    await page.click("main button:text-is('Remove the ticked areas')");
    expect(await page.textContent("#areas-title")).toBe("ZIP areas (1)");
    await check("market", { axeDark: true });
  });
});

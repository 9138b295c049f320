import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createMarketplace, type Repositories, type UnitOfWork } from "@marketplace/core";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserTestsRun, CHROMIUM, CHROMIUM_FLAGS } from "../../../test/helpers/chromium.ts";
import { createApp } from "./app.ts";

// /docs walked in a real browser (Debian's Chromium through playwright-core): Swagger UI renders
// the API from files served by the app itself, under the page CSP, with no CSP violation, no console
// error and no request leaving the origin; and no other origin can frame it.

const unitOfWork: UnitOfWork = {
  repositories: new Proxy({} as Repositories, {
    get() {
      throw new Error("no database in this test");
    },
  }),
  transaction: async () => {
    throw new Error("no database in this test");
  },
};

let browser: Browser;
let origin: string;
let server: ReturnType<typeof serve>;

// A shared 2-core machine can take tens of seconds to start Chromium and parse Swagger UI's bundle.
const SLOW = 180_000;

beforeAll(async () => {
  if (!browserTestsRun) return;
  const app = createApp({ marketplace: createMarketplace({ unitOfWork }), checkHealth: async () => {} });
  server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}, SLOW);
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

describe.skipIf(!browserTestsRun)("/docs in Chromium", () => {
  it(
    "renders Swagger UI under the CSP with zero violations, zero console errors, nothing from elsewhere",
    async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(SLOW);
      const page = await context.newPage();
      const problems: string[] = [];
      const elsewhere: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" || message.type() === "warning")
          problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      page.on("request", (request) => {
        if (!request.url().startsWith(origin) && !request.url().startsWith("data:")) elsewhere.push(request.url());
      });
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { cspViolations: string[] }).cspViolations = seen;
        document.addEventListener("securitypolicyviolation", (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
        );
      });

      const response = await page.goto(`${origin}/docs`);
      expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
      await page.locator(".swagger-ui .info .title").waitFor({ timeout: SLOW });
      expect(await page.locator(".swagger-ui .info .title").textContent()).toContain("Marketplace API");
      await page.locator(".opblock").first().waitFor();
      expect(await page.locator(".opblock").count()).toBeGreaterThan(50);
      // Open one operation: its schema and "Try it out" render too, still without a violation.
      await page.locator(".opblock-summary").first().click();
      await page.locator(".opblock-body").first().waitFor();
      await page.waitForTimeout(300);

      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(problems).toEqual([]);
      expect(elsewhere).toEqual([]);
      // Nothing of the API key may be kept by the page (persistAuthorization is off).
      expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
      await context.close();
    },
    SLOW,
  );

  it(
    "cannot be framed by another origin (frame-ancestors 'none')",
    async () => {
      const context = await browser.newContext();
      context.setDefaultTimeout(SLOW);
      const page = await context.newPage();
      const refused: string[] = [];
      page.on("console", (message) => {
        if (/frame-ancestors|Refused to frame/i.test(message.text())) refused.push(message.text());
      });
      // The frame's parent is about:blank's opaque origin here, another origin than the API's.
      await page.setContent(`<iframe id="docs" src="${origin}/docs" width="800" height="600"></iframe>`);
      await expect.poll(() => refused.length, { timeout: SLOW, interval: 200 }).toBeGreaterThan(0);
      const frame = page.frames().find((f) => f !== page.mainFrame());
      const rendered = await frame
        ?.locator(".swagger-ui")
        .count()
        .catch(() => 0);
      expect(rendered ?? 0).toBe(0);
      expect(refused.length).toBeGreaterThan(0);
      await context.close();
    },
    SLOW,
  );
});

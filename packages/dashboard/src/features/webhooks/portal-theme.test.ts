import { contrastRatio, parsePortalLinkTheme } from "@marketplace/core/webhooks";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createDashboardTestApp,
  DASHBOARD_ADMIN_TOKEN,
  type DashboardTestApp,
  FormClient,
} from "../../../../../test/helpers/dashboard.ts";
import { createDashboard } from "../../create-dashboard.tsx";
import { portalLinkThemeCss } from "./portal-theme.ts";

// A portal link's colours (checked by the core, served as a stylesheet named by them) and the
// operator's logo (configuration), over real PostgreSQL.

const LOGO = "https://cdn.operator.example/logo.svg";
let t: DashboardTestApp;
let dashboard: Hono;

beforeAll(async () => {
  t = await createDashboardTestApp();
  dashboard = createDashboard({
    marketplace: t.marketplace,
    basePath: "/dashboard",
    secureCookies: false,
    portalLogo: { url: LOGO, alt: "Operator Energy" },
  }) as unknown as Hono;
});
afterAll(() => t?.close());

const issue = (teamId: string, body: unknown) =>
  t.fetch(
    new Request(`http://127.0.0.1/admin/teams/${teamId}/portal-links`, {
      method: "POST",
      headers: { authorization: `Bearer ${DASHBOARD_ADMIN_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
const client = () =>
  new FormClient((request) =>
    new URL(request.url).pathname.startsWith("/dashboard")
      ? Promise.resolve(dashboard.fetch(request))
      : t.fetch(request),
  );

describe("a portal link's theme", () => {
  it("refuses a colour that is not #rrggbb or reads below 4.5:1, in the error envelope, and issues nothing", async () => {
    const { teamId } = await t.createTeam("provider", "Theme Energy");
    const bad = await issue(teamId, { sessionLabel: "a", theme: { accent: "purple" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      statusCode: 400,
      error: "Bad Request",
      message: ["theme.accent must be a colour as #rrggbb"],
    });
    const low = await issue(teamId, { sessionLabel: "a", theme: { accent: "#777777", background: "#888888" } });
    expect(low.status).toBe(400);
    expect(((await low.json()) as { message: string[] }).message).toEqual([
      "theme accent must contrast at least 4.5:1 with the background (WCAG AA)",
    ]);
    const yellow = await issue(teamId, { sessionLabel: "a", theme: { accent: "#ffff00" } });
    expect(yellow.status).toBe(400);
    const extra = await issue(teamId, { sessionLabel: "a", theme: { accent: "#7a1fa2", font: "Comic" } });
    expect(((await extra.json()) as { message: string[] }).message).toEqual(["property theme.font should not exist"]);
  });

  it("applies the link's colours to its session by a stylesheet that names them, and shows the logo", async () => {
    const { teamId } = await t.createTeam("provider", "Themed Energy");
    const issued = await issue(teamId, { sessionLabel: "t", theme: { accent: "#7A1FA2", background: "#fdf6e3" } });
    expect(issued.status).toBe(201);
    const visitor = client();
    const url = new URL(((await issued.json()) as { url: string }).url);
    expect((await visitor.get(url.pathname)).status).toBe(303);
    const page = await visitor.get(`/dashboard/teams/${teamId}/webhooks`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<link rel="stylesheet" href="/dashboard/assets/theme/7a1fa2-fdf6e3.css"/>');
    expect(html).toContain(`<img class="portal-logo" src="${LOGO}" alt="Operator Energy"/>`);
    expect(html).not.toMatch(/ style=/);
    expect(page.headers.get("content-security-policy")).toMatch(/img-src 'self' https:\/\/cdn\.operator\.example ?;/);

    const css = await visitor.get("/dashboard/assets/theme/7a1fa2-fdf6e3.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const text = await css.text();
    expect(text).toContain("--accent:#7a1fa2");
    expect(text).toContain("--bg:#fdf6e3");
    expect(text).toContain("--fg:#1a1a1a");
    // A stylesheet for colours the link would refuse does not exist.
    expect((await visitor.get("/dashboard/assets/theme/ffff00.css")).status).toBe(404);
    expect((await visitor.get("/dashboard/assets/theme/nothex.css")).status).toBe(404);

    // A member's pages have neither the logo nor its origin.
    const member = client();
    const token = await t.invite(teamId, "owner@themed.example", "owner");
    await member.get(`/dashboard/invite/${token}`);
    const password = "correct horse battery staple";
    expect((await member.post("/dashboard/invite", { password, confirm: password })).status).toBe(303);
    const own = await member.get(`/dashboard/teams/${teamId}/webhooks`);
    expect(await own.text()).not.toContain("portal-logo");
    expect(own.headers.get("content-security-policy")).not.toContain("cdn.operator.example");
  });

  it("picks every text colour readable on the background", () => {
    for (const background of ["#fdf6e3", "#101820", "#003366", "#ffe4e1"]) {
      const theme = parsePortalLinkTheme({
        accent: contrastRatio("#0b57d0", background) >= 4.5 ? "#0b57d0" : "#ffd166",
        background,
      });
      if (!theme) throw new Error(`no theme for ${background}`);
      const css = portalLinkThemeCss(theme);
      for (const name of ["fg", "muted", "danger", "ok"]) {
        const colour = new RegExp(`--${name}:(#[0-9a-f]{6})`).exec(css)?.[1] as string;
        expect(contrastRatio(colour, background), `${name} on ${background}`).toBeGreaterThanOrEqual(4.5);
      }
    }
    expect(portalLinkThemeCss({ accent: "#7a1fa2" })).toBe(
      "@media (prefers-color-scheme:light){:root{--accent:#7a1fa2;--focus:#7a1fa2;--accent-fg:#ffffff}}",
    );
  });

  it("refuses a logo that is not https", () => {
    const make = (url: string) => () =>
      createDashboard({ marketplace: t.marketplace, portalLogo: { url, alt: "Logo" } });
    expect(make("http://cdn.operator.example/logo.svg")).toThrow("portalLogo.url must be an https URL");
    expect(make("not a url")).toThrow("portalLogo.url must be an https URL");
  });
});

import { ORDER_ITEM_STATUSES, type ProviderAnalytics, type ResellerAnalytics } from "@marketplace/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../../../../test/helpers/app.ts";
import {
  createDashboardTestApp,
  type DashboardTestApp,
  FormClient,
  ORIGIN,
} from "../../../../../test/helpers/dashboard.ts";
import { publishOffer } from "../../../../../test/helpers/public-app.ts";
import { csvCell, csvText } from "./csv.ts";
import { percent } from "./figures.tsx";
import { analyticsFieldErrors, matchingPreset, pageValues, presetRange } from "./query.ts";

const NOW = Date.parse("2026-03-07T12:00:00Z");

describe("analytics page: pure parts", () => {
  it("computes each quick range from today in the zone", () => {
    expect(presetRange("last7", NOW, "UTC")).toEqual({ from: "2026-03-01", to: "2026-03-07" });
    expect(presetRange("last30", NOW, "UTC")).toEqual({ from: "2026-02-06", to: "2026-03-07" });
    expect(presetRange("thisMonth", NOW, "UTC")).toEqual({ from: "2026-03-01", to: "2026-03-07" });
    expect(presetRange("lastMonth", NOW, "UTC")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("thisYear", NOW, "UTC")).toEqual({ from: "2026-01-01", to: "2026-03-07" });
    // 2026-01-01T03:00Z is still New Year's Eve in New York: last month is November.
    expect(presetRange("lastMonth", Date.parse("2026-01-01T03:00:00Z"), "America/New_York")).toEqual({
      from: "2025-11-01",
      to: "2025-11-30",
    });
    expect(matchingPreset("2026-02-01", "2026-02-28", NOW, "UTC")).toBe("lastMonth");
    expect(matchingPreset("2026-02-02", "2026-02-28", NOW, "UTC")).toBeNull();
  });

  it("defaults to the last 30 days in UTC by day, keeps what was typed, drops empty fields", () => {
    expect(pageValues("provider", {}, NOW)).toEqual({
      from: "2026-02-06",
      to: "2026-03-07",
      timeZone: "UTC",
      granularity: "day",
    });
    expect(pageValues("reseller", { from: "2026-13-01", offer: "x", link: " ", provider: "abc" }, NOW)).toEqual({
      from: "2026-13-01",
      timeZone: "UTC",
      granularity: "day",
      provider: "abc",
    });
  });

  it("puts each problem beside its field in words a person reads", () => {
    expect(
      analyticsFieldErrors([
        "to must not be before from",
        "offer must be a UUID",
        "timeZone must be an IANA time zone name, for example America/New_York",
      ]),
    ).toEqual({
      to: "The end date must not be before the start date.",
      offer: expect.stringContaining("Enter the offer's id"),
      timeZone: expect.stringContaining("Europe/Paris"),
    });
    expect(analyticsFieldErrors(["the range from from to to must be at most 731 days (two years)"]).to).toContain(
      "two years",
    );
  });

  it("defuses cells a spreadsheet would run as a formula, and quotes per RFC 4180", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell("Spring, 2026")).toBe('"Spring, 2026"');
    expect(csvCell(12)).toBe("12");
    expect(csvCell(null)).toBe("");
    expect(csvText([["a", 1], []])).toBe("a,1\r\n\r\n");
  });
});

describe("analytics pages over PostgreSQL", () => {
  let t: DashboardTestApp;
  let client: FormClient;
  let teamId: string;
  let apiKey: string;
  let offerId: string;

  const call = (method: string, path: string, body?: unknown) =>
    t.fetch(
      new Request(`${ORIGIN}${path}`, {
        method,
        headers: { "x-api-key": apiKey, ...(body !== undefined && { "content-type": "application/json" }) },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      }),
    );

  beforeAll(async () => {
    t = await createDashboardTestApp();
    ({ teamId, apiKey } = await t.createTeam("hybrid", "Both Ways"));
    const adapter = {
      request: (method: string, path: string, options: { key: string; body?: unknown }) =>
        call(method, path, options.body),
    } as unknown as TestApp;
    const offer = await publishOffer(adapter, apiKey, { name: "=Fiber 500" });
    offerId = offer.id;
    for (const isTraining of [false, false, true]) {
      const placed = await call("POST", "/reseller/orders", {
        items: [{ offerId: offer.id }],
        customer: { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
        isTraining,
      });
      expect(placed.status).toBe(201);
    }
    client = new FormClient((request) => t.fetch(request));
    const token = await t.invite(teamId, "viewer@example.com", "viewer");
    await client.get(`/dashboard/invite/${token}`);
    const password = "correct horse battery staple";
    expect((await client.post("/dashboard/invite", { password, confirm: password })).status).toBe(303);
  }, 60_000);
  afterAll(() => t?.close());

  it("shows a hybrid team both sides, live and training figures apart, to a viewer", async () => {
    const home = await (await client.get(`/dashboard/teams/${teamId}`)).text();
    expect(home).toContain(`href="/dashboard/teams/${teamId}/analytics"`);
    const provider = await client.get(`/dashboard/teams/${teamId}/analytics`);
    expect(provider.status).toBe(200);
    const html = await provider.text();
    expect(html).toContain("<h1>Analytics: provider figures</h1>");
    expect(html).toContain('data-figure="itemsReceived">2<');
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-items-title"/);
    expect(html).not.toMatch(/style=/);
    const training = await (await client.get(`/dashboard/teams/${teamId}/analytics/provider?training=only`)).text();
    expect(training).toContain('data-figure="itemsReceived">1<');
    expect(training).toContain('data-view="training"');
    const reseller = await (await client.get(`/dashboard/teams/${teamId}/analytics/reseller`)).text();
    expect(reseller).toContain('data-figure="ordersPlaced">2<');
  });

  it("answers bad fields with 400 and the message beside the field, keeping what was typed", async () => {
    const response = await client.get(
      `/dashboard/teams/${teamId}/analytics/provider?from=2026-03-09&to=2026-03-01&timeZone=Mars/Olympus&offer=abc`,
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/id="field-to-error">The end date must not be before the start date/);
    expect(html).toMatch(/id="field-timeZone-error">Enter a time zone name/);
    expect(html).toMatch(/id="field-offer-error">Enter the offer&#39;s id|id="field-offer-error">Enter the offer's id/);
    expect(html).toContain('value="Mars/Olympus"');
    expect(html).not.toContain("data-figure=");
    const view = await client.get(`/dashboard/teams/${teamId}/analytics/provider?training=yes`);
    expect(view.status).toBe(400);
    expect(await view.text()).toContain("Choose live orders or training orders");
  });

  it("exports what is shown as CSV, formulas defused", async () => {
    const response = await client.get(
      `/dashboard/teams/${teamId}/analytics/provider/export.csv?from=2026-01-01&to=2026-12-31&granularity=month`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="provider-analytics-2026-01-01-to-2026-12-31.csv"',
    );
    const text = await response.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toMatch(/^Period start,Period end,Items received/);
    expect(lines).toHaveLength(1 + 12 + 1 + 1 + 1 + 1 + 1);
    expect(text).toContain("'=Fiber 500");
    const bad = await client.get(`/dashboard/teams/${teamId}/analytics/provider/export.csv?from=x`);
    expect(bad.status).toBe(400);
  });

  it("is 404 for another team and for a side the team does not have", async () => {
    const other = await t.createTeam("provider");
    expect((await client.get(`/dashboard/teams/${other.teamId}/analytics`)).status).toBe(404);
    const solo = await t.createTeam("reseller");
    expect((await client.get(`/dashboard/teams/${solo.teamId}/analytics/provider`)).status).toBe(404);
  });

  it("keeps a year and two years by day under 50 KB, the table by month equal to the API's", async () => {
    for (const isTraining of [false, false, false, false, false, false, false, false]) {
      const placed = await call("POST", "/reseller/orders", {
        items: [{ offerId }],
        customer: { name: "Grace Hopper", email: "grace@example.com", phone: "+15125550124", kind: "residential" },
        serviceAddress: { line1: "2 Main St", city: "Austin", state: "TX", zipCode: "78701" },
        isTraining,
      });
      expect(placed.status).toBe(201);
    }
    // Spread the team's orders over 2024 and 2025 (one every 61 days), then recount the rollups.
    const client0 = await t.database.pool.connect();
    try {
      await client0.query("begin");
      await client0.query("set local session_replication_role = replica");
      await client0.query(
        `with ranked as (select id, row_number() over (order by created_at, id) as n from orders where reseller_team_id = $1)
         update orders o set created_at = timestamptz '2024-01-01 12:00Z' + (r.n * 61) * interval '1 day',
           updated_at = timestamptz '2024-01-01 12:00Z' + (r.n * 61) * interval '1 day'
         from ranked r where o.id = r.id`,
        [teamId],
      );
      await client0.query(
        `update order_items i set created_at = o.created_at, updated_at = o.created_at
         from orders o where o.id = i.order_id and o.reseller_team_id = $1`,
        [teamId],
      );
      await client0.query("select analytics_rebuild()");
      await client0.query("commit");
    } finally {
      client0.release();
    }
    const cells = (html: string) => {
      const table = html.slice(html.indexOf('<table id="series"')).split("</table>")[0] ?? "";
      const body = table.slice(table.indexOf("<tbody>"));
      return [...body.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
        [...(row[1] ?? "").matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => cell[1]),
      );
    };
    const label = (p: { start: string; end: string }) => (p.start === p.end ? p.start : `${p.start} to ${p.end}`);
    for (const [from, to, days] of [
      ["2025-01-01", "2025-12-31", 365],
      ["2024-01-01", "2025-12-31", 731],
    ] as const) {
      const range = `from=${from}&to=${to}&timeZone=UTC`;
      for (const side of ["provider", "reseller"] as const) {
        const response = await client.get(`/dashboard/teams/${teamId}/analytics/${side}?${range}&granularity=day`);
        expect(response.status).toBe(200);
        const html = await response.text();
        expect(new TextEncoder().encode(html).length).toBeLessThanOrEqual(50 * 1024);
        // The charts keep every day; the table lists the API's months.
        const steps = /<path d="M\d+,\d+l([^"]*)"/.exec(html)?.[1]?.split(" ").length;
        expect(steps).toBe(2 * (days - 1));
        expect(html).toContain(`${days} periods from ${from} to ${to}.`);
        expect(html).toContain('data-table="month"');
        const byDay = await (await call("GET", `/${side}/analytics?${range}&granularity=day`)).json();
        const byMonth = await (await call("GET", `/${side}/analytics?${range}&granularity=month`)).json();
        expect(byDay.series).toHaveLength(days);
        const expected =
          side === "provider"
            ? (byMonth as ProviderAnalytics).series.map((p) => [
                label(p),
                ...[p.itemsReceived, p.itemsAccepted, p.itemsRejected, p.itemsCompleted, p.itemsCancelled].map(String),
                percent(p.acceptanceRate),
                p.totalMonthlyAccepted,
                p.commissionAccrued,
              ])
            : (byMonth as ResellerAnalytics).series.map((p) => [
                label(p),
                String(p.ordersPlaced),
                ...ORDER_ITEM_STATUSES.map((status) => String(p.itemsByStatus[status])),
                p.totalMonthlyOrdered,
                p.totalMonthlyAccepted,
                p.commissionEarned,
              ]);
        expect(cells(html)).toEqual(expected);
        const first = side === "provider" ? "itemsReceived" : "ordersPlaced";
        expect(html).toContain(`data-figure="${first}">${byDay.totals[first]}<`);
        expect(byDay.totals[first]).toBeGreaterThan(0);
      }
    }
  }, 60_000);
});

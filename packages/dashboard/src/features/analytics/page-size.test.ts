import {
  type Member,
  ORDER_ITEM_STATUSES,
  type ProviderAnalytics,
  type ResellerAnalytics,
  type Team,
} from "@marketplace/core";
import { calendarDate, epochDay } from "@marketplace/core/analytics";
import { describe, expect, it } from "vitest";
import { linePath } from "./chart.tsx";
import { AnalyticsPage } from "./pages.tsx";
import { TABLE_MAX_DAYS, tableByMonth } from "./query.ts";

/** The page budget of the dashboard (DESIGN.md §6): 50 KB of HTML. */
const BUDGET = 50 * 1024;
const NOW = Date.parse("2026-01-05T12:00:00Z");
const TEAM = { id: "0b9c6c6e-2f0a-4d55-9a51-6d1f0d3c1a11", name: "Worst Case Fiber", role: "hybrid" } as Team;
const MEMBER = { id: "5d1e0c2a-7b3c-4f4e-8a9d-2c3b4a5d6e7f", email: "owner@example.com", role: "owner" } as Member;

/** Every calendar date from `from` to `to`, both included. */
function calendarDays(from: string, to: string): string[] {
  const first = epochDay(from) as number;
  return Array.from({ length: (epochDay(to) as number) - first + 1 }, (_, i) => calendarDate(first + i));
}

/** Large figures in every cell (seven-digit counts, eleven-character amounts): the longest rows. */
const big = (n: number) => 1_000_000 + n;
const money = (n: number) => `${12_345_678 + n}.99`;

function header(from: string, to: string, granularity: "day" | "month") {
  return {
    from,
    to,
    timeZone: "UTC",
    granularity,
    training: "exclude" as const,
    excluded: ["trainingOrders", "deletedOrders"],
    asOf: "2026-01-05T11:59:00.000Z",
  };
}

function periods(from: string, to: string, granularity: "day" | "month") {
  const days = calendarDays(from, to);
  if (granularity === "day") return days.map((day) => ({ start: day, end: day }));
  const months = new Map<string, { start: string; end: string }>();
  for (const day of days) {
    const key = day.slice(0, 7);
    const period = months.get(key) ?? { start: day, end: day };
    period.end = day;
    months.set(key, period);
  }
  return [...months.values()];
}

function provider(from: string, to: string, granularity: "day" | "month"): ProviderAnalytics {
  const figures = (n: number) => ({
    itemsReceived: big(n),
    itemsAccepted: big(n + 1),
    itemsRejected: big(n + 2),
    itemsCompleted: big(n + 3),
    itemsCancelled: big(n + 4),
    acceptanceRate: 0.5714,
    totalMonthlyAccepted: money(n),
    commissionAccrued: money(n + 7),
  });
  return {
    ...header(from, to, granularity),
    filters: { offer: null, brand: null, market: null, serviceType: null },
    totals: { ...figures(0), timeToAccept: { accepted: big(1), medianSeconds: 5400, p90Seconds: 90_000 } },
    series: periods(from, to, granularity).map((p, i) => ({ ...p, ...figures(i) })),
    topOffers: Array.from({ length: 10 }, (_, i) => ({
      ...figures(i),
      offerId: `00000000-0000-4000-8000-00000000000${i}`,
      offerName: `Fiber ${i} Gigabit with a long marketing name, first year`,
    })),
  } as ProviderAnalytics;
}

function reseller(from: string, to: string, granularity: "day" | "month"): ResellerAnalytics {
  const figures = (n: number) => ({
    ordersPlaced: big(n),
    itemsByStatus: Object.fromEntries(ORDER_ITEM_STATUSES.map((s, k) => [s, big(n + k)])),
    totalMonthlyOrdered: money(n),
    totalMonthlyAccepted: money(n + 1),
    commissionEarned: money(n + 2),
  });
  return {
    ...header(from, to, granularity),
    filters: { storefront: null, link: null, provider: null },
    totals: { ...figures(0), clicks: big(9) },
    series: periods(from, to, granularity).map((p, i) => ({ ...p, ...figures(i) })),
    storefronts: Array.from({ length: 10 }, (_, i) => ({
      storefrontId: `10000000-0000-4000-8000-00000000000${i}`,
      slug: `storefront-number-${i}`,
      clicks: big(i),
      orders: big(i + 1),
      conversion: 0.1234,
    })),
    links: Array.from({ length: 20 }, (_, i) => ({
      linkId: `20000000-0000-4000-8000-0000000000${10 + i}`,
      slug: `spring-campaign-${i}`,
      name: `Spring campaign link ${i}`,
      clicks: big(i),
      orders: big(i + 1),
      conversion: 0.1234,
    })),
  } as unknown as ResellerAnalytics;
}

async function render(side: "provider" | "reseller", from: string, to: string): Promise<string> {
  const answer = side === "provider" ? provider(from, to, "day") : reseller(from, to, "day");
  const table = tableByMonth(answer)
    ? side === "provider"
      ? provider(from, to, "month")
      : reseller(from, to, "month")
    : null;
  const node = AnalyticsPage({
    ctx: {
      base: "/dashboard",
      nonce: "n0nce",
      member: MEMBER,
      team: TEAM,
      delivery: { retriedFor: "3 days", disabledAfter: "5 days" },
    },
    side,
    sides: ["provider", "reseller"],
    form: { values: { from, to, timeZone: "UTC", granularity: "day" }, errors: {} },
    answer,
    table,
    now: NOW,
    brands: [],
    markets: [],
  });
  return `<!doctype html>${await node.toString()}`;
}

describe("analytics pages stay within the 50 KB page budget", () => {
  it("draws each line as one path of whole-unit relative steps", () => {
    expect(linePath([])).toBe("");
    expect(linePath([[48, 100]])).toBe("M48,100");
    expect(
      linePath([
        [48, 192],
        [67.6, 190.2],
        [88.4, 190.4],
      ]),
    ).toBe("M48,192l20 -2 20 0");
  });

  it("lists days up to TABLE_MAX_DAYS, months beyond", () => {
    expect(tableByMonth({ granularity: "day", series: Array(TABLE_MAX_DAYS) })).toBe(false);
    expect(tableByMonth({ granularity: "day", series: Array(TABLE_MAX_DAYS + 1) })).toBe(true);
    expect(tableByMonth({ granularity: "week", series: Array(105) })).toBe(false);
  });

  // Seven-digit counts and eleven-character amounts in every cell, ten top offers, thirty channels:
  // longer than any real team's page. Byte length, not time: deterministic.
  for (const side of ["provider", "reseller"] as const) {
    for (const [from, to, what] of [
      ["2025-01-01", "2025-12-31", "a year by day"],
      ["2024-01-01", "2025-12-31", "two years by day, the longest range"],
      [
        calendarDate((epochDay("2025-12-31") as number) - TABLE_MAX_DAYS + 1),
        "2025-12-31",
        `${TABLE_MAX_DAYS} days by day, the longest day table`,
      ],
    ] as const) {
      it(`${side}: ${what}`, async () => {
        const html = await render(side, from, to);
        const days = calendarDays(from, to).length;
        expect(new TextEncoder().encode(html).length).toBeLessThanOrEqual(BUDGET);
        // The charts keep every day: one path step a day after the first.
        const path = /<path d="M\d+,\d+l([^"]*)"/.exec(html)?.[1] ?? "";
        expect(path.split(" ").length / 2).toBe(days - 1);
        const rows = html.slice(html.indexOf('<table id="series"')).split("</table>")[0]?.match(/<tr>/g)?.length;
        if (days > TABLE_MAX_DAYS) {
          expect(rows).toBe(1 + (days > 366 ? 24 : 12));
          expect(html).toContain('data-table="month"');
          expect(html).toContain("Figures by month (the charts show every day)");
        } else {
          expect(rows).toBe(1 + days);
          expect(html).not.toContain('data-table="month"');
        }
      });
    }
  }
});

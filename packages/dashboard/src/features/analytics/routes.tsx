/**
 * The analytics pages: `/teams/:teamId/analytics` (the team's first side), `/analytics/provider` and
 * `/analytics/reseller` (a hybrid team has both), and `/analytics/<side>/export.csv` with the same
 * query. Figures come from the core's analytics use case; every member of the team may read them.
 *
 * @module
 */

import {
  type Brand,
  InvalidInputError,
  type Market,
  type PageRequest,
  type ProviderAnalytics,
  type ResellerAnalytics,
  type Team,
} from "@marketplace/core";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit } from "../../kit.tsx";
import { providerCsv, resellerCsv } from "./csv.ts";
import { AnalyticsPage } from "./pages.tsx";
import { type AnalyticsSide, analyticsFieldErrors, pageValues, tableByMonth } from "./query.ts";

/** The sides a team of this kind has. */
export function teamSides(team: Team): AnalyticsSide[] {
  if (team.role === "hybrid") return ["provider", "reseller"];
  return team.role === "provider" ? ["provider"] : ["reseller"];
}

/** Brands and markets listed in the provider's filters (at most this many of each). */
const LISTED = 100;

/** Registers the analytics pages and their CSV export. */
export function registerAnalytics(app: DashboardApp, kit: Kit): void {
  const principal = (team: Team) => ({ teamId: team.id, role: team.role, apiKeyId: "dashboard" });

  const ask = (team: Team, side: AnalyticsSide, values: Record<string, string>) =>
    side === "provider"
      ? kit.marketplace.analytics.provider(principal(team), values)
      : kit.marketplace.analytics.reseller(principal(team), values);

  async function figures(c: Context<Env>, side: AnalyticsSide, now: number) {
    const team = kit.teamOf(c);
    const values = pageValues(side, c.req.query(), now);
    try {
      const answer = await ask(team, side, values);
      return { values, answer, errors: {} as Record<string, string> };
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      return { values, answer: null, errors: analyticsFieldErrors(error.problems) };
    }
  }

  async function page(c: Context<Env>, side: AnalyticsSide) {
    const team = kit.teamOf(c);
    const sides = teamSides(team);
    if (!sides.includes(side)) return kit.notFound(c);
    const now = Date.now();
    const first: PageRequest = { kind: "page", limit: LISTED, after: null };
    const listOf = <T,>(result: T[] | { data: T[] }) => (Array.isArray(result) ? result : result.data);
    const [result, brands, markets] = await Promise.all([
      figures(c, side, now),
      side === "provider" ? kit.marketplace.brands.list(principal(team), first).then(listOf<Brand>) : [],
      side === "provider" ? kit.marketplace.markets.list(principal(team), first).then(listOf<Market>) : [],
    ]);
    // Over TABLE_MAX_DAYS days by day, the table under the charts is the same query by month
    // (the charts keep every day; the CSV has every day): ADR-0076.
    const table =
      result.answer && tableByMonth(result.answer)
        ? await ask(team, side, { ...result.values, granularity: "month" })
        : null;
    return kit.render(
      c,
      <AnalyticsPage
        ctx={kit.pageContext(c)}
        side={side}
        sides={sides}
        form={{ values: result.values, errors: result.errors }}
        answer={result.answer}
        table={table}
        now={now}
        brands={brands}
        markets={markets}
      />,
      result.answer ? 200 : 400,
    );
  }

  app.get("/teams/:teamId/analytics", (c) => page(c, teamSides(kit.teamOf(c))[0] as AnalyticsSide));
  for (const side of ["provider", "reseller"] as const) {
    app.get(`/teams/:teamId/analytics/${side}`, (c) => page(c, side));
    app.get(`/teams/:teamId/analytics/${side}/export.csv`, async (c) => {
      const team = kit.teamOf(c);
      if (!teamSides(team).includes(side)) return kit.notFound(c);
      const result = await figures(c, side, Date.now());
      if (!result.answer) {
        const lines = Object.entries(result.errors).map(([field, text]) => `${field}: ${text}`);
        return c.text(`These figures cannot be exported:\n${lines.join("\n")}\n`, 400, { "cache-control": "no-store" });
      }
      const { answer } = result;
      const body =
        side === "provider" ? providerCsv(answer as ProviderAnalytics) : resellerCsv(answer as ResellerAnalytics);
      const name = `${side}-analytics-${answer.from}-to-${answer.to}${answer.training === "only" ? "-training" : ""}.csv`;
      return c.body(body, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
      });
    });
  }
}

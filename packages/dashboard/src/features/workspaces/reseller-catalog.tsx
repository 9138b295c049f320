/**
 * The reseller's catalog: every provider's published offers with the API's filters (category, price
 * range, ZIP code, search; the core's rules and messages), keyset pages, and an offer's page with
 * its public details. The core's catalog use cases answer; the dashboard adds no query of its own.
 *
 * @module
 */

import { InvalidInputError } from "@marketplace/core";
import type { CatalogQuery } from "@marketplace/core/catalog";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit } from "../../kit.tsx";
import { fieldErrors } from "../../ui/form.tsx";
import { CATALOG_FILTERS, CatalogOfferPage, CatalogPage } from "./reseller-catalog-pages.tsx";
import { badCursor, keysetRows, pageOf, withQuery } from "./shared.tsx";

/** Registers `/teams/:teamId/reseller/catalog` and `/teams/:teamId/reseller/catalog/:offerId`. */
export function registerResellerCatalog(app: DashboardApp, kit: Kit): void {
  const catalogPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/reseller/catalog");

  app.get("/teams/:teamId/reseller/catalog", async (c) => {
    const query = c.req.query();
    // The form sends every filter; an empty one ("Any", a blank box) does not filter.
    const given: Record<string, string> = {};
    for (const name of CATALOG_FILTERS) if (query[name]?.trim()) given[name] = query[name] as string;
    const values = Object.fromEntries(CATALOG_FILTERS.map((name) => [name, query[name] ?? ""]));
    const page = pageOf("catalog", query.cursor);
    if (!page) return badCursor(kit, c, withQuery(catalogPath(c), given));
    try {
      const result = await kit.marketplace.catalog.list(kit.principal(c), given as CatalogQuery, page);
      const listed = keysetRows(result, catalogPath(c), given, query.cursor);
      return kit.render(
        c,
        <CatalogPage
          ctx={kit.pageContext(c)}
          entries={listed.rows}
          form={{ values, errors: {} }}
          filtered={Object.keys(given).length > 0}
          {...listed.page}
        />,
      );
    } catch (error) {
      if (!InvalidInputError.isInstance(error)) throw error;
      return kit.render(
        c,
        <CatalogPage
          ctx={kit.pageContext(c)}
          entries={[]}
          form={{
            values,
            errors: fieldErrors(error.problems),
            formError: "A filter is not valid: see the message beside it. No offers are shown until it is fixed.",
          }}
          filtered
          first={catalogPath(c)}
          next={null}
          onFirst
        />,
        400,
      );
    }
  });

  // An unknown, draft or deleted offer (or an id that is not one) is the core's NotFoundError: 404.
  app.get("/teams/:teamId/reseller/catalog/:offerId", async (c) => {
    const entry = await kit.marketplace.catalog.get(kit.principal(c), c.req.param("offerId"));
    return kit.render(c, <CatalogOfferPage ctx={kit.pageContext(c)} entry={entry} />);
  });
}

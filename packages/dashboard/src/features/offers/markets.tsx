/**
 * The provider's markets and their ZIP areas: create, rename, delete; add an area, paste many,
 * remove one or the ticked ones. Every change is the core's use case; its problems are shown beside
 * their fields with what was typed kept, and a paste reports each code it could not add.
 *
 * @module
 */

import { ConflictError, InvalidInputError, type Market, NotFoundError } from "@marketplace/core";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { EMPTY_FORM, type FormState } from "../../ui/form.tsx";
import { badCursor, keysetRows, pageOf, requireWork } from "../workspaces/shared.tsx";
import { BULK_AREAS_MAX, type MarketForms, MarketPage, MarketsPage } from "./market-pages.tsx";

const NOTICES: Record<string, string> = {
  created: "The market is created. Add its ZIP areas below.",
  renamed: "The market is renamed.",
  deleted: "The market is deleted.",
  added: "The area is added.",
  "added-many": "The areas are added.",
  removed: "The area is removed.",
  "removed-many": "The ticked areas are removed.",
};

const NAME_TAKEN = "Your team has a market of this name already. Choose another name.";
const nameError = (problems: readonly string[]) => `The name ${problems[0]?.replace(/^name /, "") ?? "is not valid"}.`;

/** Registers `/teams/:teamId/provider/markets…`. */
export function registerMarkets(app: DashboardApp, kit: Kit): void {
  const listPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/provider/markets");

  const list = async (c: Context<Env>, form: FormState = EMPTY_FORM, status: PageStatus = 200) => {
    const cursor = c.req.query("cursor");
    const page = pageOf("markets", cursor);
    if (!page) return badCursor(kit, c, listPath(c));
    const listed = keysetRows(await kit.marketplace.markets.list(kit.principal(c), page), listPath(c), {}, cursor);
    return kit.render(
      c,
      <MarketsPage
        ctx={kit.pageContext(c)}
        markets={listed.rows}
        form={form}
        {...listed.page}
        notice={NOTICES[c.req.query("notice") ?? ""]}
      />,
      status,
    );
  };

  const load = (c: Context<Env>) => kit.marketplace.markets.get(kit.principal(c), c.req.param("marketId") ?? "");
  const marketPage = async (
    c: Context<Env>,
    market: Market,
    forms: Partial<MarketForms> = {},
    status: PageStatus = 200,
  ) =>
    kit.render(
      c,
      <MarketPage
        ctx={kit.pageContext(c)}
        market={market}
        forms={{
          rename: forms.rename ?? { values: { name: market.name }, errors: {} },
          area: forms.area ?? EMPTY_FORM,
          bulk: forms.bulk ?? EMPTY_FORM,
        }}
        notice={NOTICES[c.req.query("notice") ?? ""]}
      />,
      status,
    );
  const back = (c: Context<Env>, market: Market, notice: string) =>
    c.redirect(`${listPath(c)}/${market.id}?notice=${notice}`, 303);

  app.get("/teams/:teamId/provider/markets", (c) => list(c));

  app.post("/teams/:teamId/provider/markets", async (c) => {
    requireWork(kit, c);
    const values = await kit.form(c);
    try {
      const market = await kit.marketplace.markets.create(kit.principal(c), { name: values.name ?? "" });
      return back(c, market, "created");
    } catch (error) {
      if (InvalidInputError.isInstance(error))
        return list(c, { values, errors: { name: nameError(error.problems) } }, 422);
      if (ConflictError.isInstance(error)) return list(c, { values, errors: { name: NAME_TAKEN } }, 409);
      throw error;
    }
  });

  app.get("/teams/:teamId/provider/markets/:marketId", async (c) => marketPage(c, await load(c)));

  app.post("/teams/:teamId/provider/markets/:marketId", async (c) => {
    requireWork(kit, c);
    const market = await load(c);
    const values = await kit.form(c);
    try {
      await kit.marketplace.markets.update(kit.principal(c), market.id, { name: values.name ?? "" });
      return back(c, market, "renamed");
    } catch (error) {
      const errors = InvalidInputError.isInstance(error)
        ? { name: nameError(error.problems) }
        : ConflictError.isInstance(error)
          ? { name: NAME_TAKEN }
          : null;
      if (!errors) throw error;
      return marketPage(c, market, { rename: { values, errors } }, ConflictError.isInstance(error) ? 409 : 422);
    }
  });

  app.post("/teams/:teamId/provider/markets/:marketId/delete", async (c) => {
    requireWork(kit, c);
    const market = await load(c);
    try {
      await kit.marketplace.markets.delete(kit.principal(c), market.id);
      return c.redirect(`${listPath(c)}?notice=deleted`, 303);
    } catch (error) {
      if (!ConflictError.isInstance(error)) throw error;
      const formError = `${error.message}. Nothing was deleted.`;
      return marketPage(c, market, { rename: { values: { name: market.name }, errors: {}, formError } }, 409);
    }
  });

  app.post("/teams/:teamId/provider/markets/:marketId/areas", async (c) => {
    requireWork(kit, c);
    const market = await load(c);
    const values = await kit.form(c);
    const value = (values.value ?? "").trim();
    try {
      await kit.marketplace.markets.addArea(kit.principal(c), market.id, { kind: "zip", value });
      return back(c, market, "added");
    } catch (error) {
      const text = InvalidInputError.isInstance(error)
        ? "Enter a 5-digit US ZIP code, e.g. 78701."
        : ConflictError.isInstance(error)
          ? `${value} is already in this market.`
          : null;
      if (!text) throw error;
      return marketPage(
        c,
        market,
        { area: { values, errors: { value: text } } },
        ConflictError.isInstance(error) ? 409 : 422,
      );
    }
  });

  app.post("/teams/:teamId/provider/markets/:marketId/areas/bulk", async (c) => {
    requireWork(kit, c);
    const market = await load(c);
    const values = await kit.form(c);
    const zips = [...new Set((values.zips ?? "").split(/[\s,;]+/).filter(Boolean))];
    const refuse = (text: string, kept: string) =>
      marketPage(c, market, { bulk: { values: { zips: kept }, errors: { zips: text } } }, 422);
    if (zips.length === 0) return refuse("Paste at least one ZIP code.", values.zips ?? "");
    if (zips.length > BULK_AREAS_MAX) {
      return refuse(`That is ${zips.length} codes; add at most ${BULK_AREAS_MAX} at a time.`, values.zips ?? "");
    }
    const have = new Set(market.areas.map((area) => area.value));
    const invalid: string[] = [];
    let added = 0;
    for (const value of zips) {
      if (have.has(value)) continue;
      try {
        await kit.marketplace.markets.addArea(kit.principal(c), market.id, { kind: "zip", value });
        added += 1;
      } catch (error) {
        if (InvalidInputError.isInstance(error)) invalid.push(value);
        else if (!ConflictError.isInstance(error)) throw error;
      }
    }
    if (invalid.length === 0) return back(c, market, "added-many");
    const text = `${added} added. Not 5-digit US ZIP codes, so not added: ${invalid.join(", ")}. Fix them and add them again.`;
    // The page shows the market as it is now, with the codes just added.
    const now = await load(c);
    return marketPage(c, now, { bulk: { values: { zips: invalid.join("\n") }, errors: { zips: text } } }, 422);
  });

  const removeAll = async (c: Context<Env>, market: Market, areaIds: readonly string[]) => {
    for (const areaId of areaIds) {
      try {
        await kit.marketplace.markets.removeArea(kit.principal(c), market.id, areaId);
      } catch (error) {
        // Removed meanwhile (another tab, a second click): what was asked for holds.
        if (!NotFoundError.isInstance(error)) throw error;
      }
    }
  };

  app.post("/teams/:teamId/provider/markets/:marketId/areas/remove", async (c) => {
    requireWork(kit, c);
    const market = await load(c);
    const body = await c.req.parseBody({ all: true });
    const ticked = body.areaIds;
    const areaIds = (Array.isArray(ticked) ? ticked : [ticked]).filter((v): v is string => typeof v === "string");
    if (areaIds.length === 0) {
      const formError = "Tick the areas to remove first.";
      return marketPage(c, market, { rename: { values: { name: market.name }, errors: {}, formError } }, 400);
    }
    await removeAll(c, market, areaIds);
    return back(c, market, "removed-many");
  });

  app.post("/teams/:teamId/provider/markets/:marketId/areas/:areaId/delete", async (c) => {
    requireWork(kit, c);
    const market = await load(c);
    await removeAll(c, market, [c.req.param("areaId")]);
    return back(c, market, "removed");
  });
}

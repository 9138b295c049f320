/**
 * The provider's offers: the table with the core's filters, and the editor (create, save, publish,
 * duplicate, delete). Every change goes through the API's use cases with the team as the principal,
 * so the core's rules and messages are the API's; each problem is shown beside the field it names.
 *
 * @module
 */

import {
  type Brand,
  ConflictError,
  InvalidInputError,
  type MarketName,
  type Offer,
  PublishValidationError,
} from "@marketplace/core";
import { checkPublishReadiness, type OfferListFilters, parseOfferListFilters } from "@marketplace/core/offers";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { fieldErrors } from "../../ui/form.tsx";
import { badCursor, keysetRows, pageOf, requireWork } from "../workspaces/shared.tsx";
import { DeleteOfferPage, type EditorState, NewOfferPage, OfferPage } from "./editor-page.tsx";
import { OffersPage } from "./list-page.tsx";
import { offerErrors, offerFormValues, offerInput, readinessErrors } from "./offer-form.ts";

/** Notices after an action, by `?notice=` code. */
const NOTICES: Record<string, string> = {
  created: "The draft is created. What publishing still needs is shown beside each field.",
  saved: "The offer is saved.",
  published: "The offer is published: resellers see it in their catalog.",
  duplicated: "This is a copy (a draft, without SKU or promotional price). Give it a SKU before publishing.",
  deleted: "The offer is deleted.",
};

const SKU_TAKEN = "Another offer of your team already has this SKU. Choose another one.";

/** Registers `/teams/:teamId/provider/offers…` (the bulk CSV pages are registered before this). */
export function registerOfferPages(app: DashboardApp, kit: Kit): void {
  const listPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/provider/offers");
  const notice = (c: Context<Env>) => NOTICES[c.req.query("notice") ?? ""];
  /** The team's brands and markets for the pickers (markets by name only: their areas are not read). */
  const choices = async (c: Context<Env>): Promise<{ brands: Brand[]; markets: MarketName[] }> => {
    const principal = kit.principal(c);
    const [brands, markets] = await Promise.all([
      kit.marketplace.brands.list(principal, { kind: "all" }),
      kit.marketplace.markets.listNames(principal),
    ]);
    return { brands: Array.isArray(brands) ? brands : brands.data, markets };
  };

  app.get("/teams/:teamId/provider/offers", async (c) => {
    const query = c.req.query();
    // The form sends every filter; an empty one ("Any") does not filter.
    const given = Object.fromEntries(
      ["status", "serviceType", "brandId", "marketId", "search"].flatMap((name) =>
        query[name]?.trim() ? [[name, query[name]]] : [],
      ),
    );
    const parsed = parseOfferListFilters(given);
    const page = pageOf("offers", query.cursor);
    if (!page) return badCursor(kit, c, listPath(c));
    const filters: OfferListFilters = parsed.ok ? parsed.filters : {};
    const result = await kit.marketplace.offers.list(kit.principal(c), page, filters);
    const values = Object.fromEntries(
      ["status", "serviceType", "brandId", "marketId", "search"].map((name) => [name, query[name] ?? ""]),
    );
    const kept = { ...filters };
    const listed = keysetRows(result, listPath(c), kept as Record<string, string>, query.cursor);
    return kit.render(
      c,
      <OffersPage
        ctx={kit.pageContext(c)}
        offers={parsed.ok ? listed.rows : []}
        {...(await choices(c))}
        filters={kept}
        form={{
          values,
          errors: parsed.ok ? {} : fieldErrors(parsed.problems),
          ...(parsed.ok ? {} : { formError: "A filter is not valid: see the message beside it." }),
        }}
        {...listed.page}
        notice={notice(c)}
      />,
      parsed.ok ? 200 : 400,
    );
  });

  /** The posted editor form: its fields and the markets ticked. */
  const posted = async (c: Context<Env>) => {
    const body = await c.req.parseBody({ all: true });
    const values: Record<string, string> = {};
    let marketIds: string[] = [];
    for (const [name, value] of Object.entries(body)) {
      const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === "string");
      if (name === "marketIds") marketIds = list;
      else if (list[0] !== undefined) values[name] = list[0];
    }
    return { values, marketIds };
  };

  const newPage = async (c: Context<Env>, state: EditorState, status: PageStatus = 200) =>
    kit.render(c, <NewOfferPage ctx={kit.pageContext(c)} state={state} {...(await choices(c))} />, status);

  /** What a save's or publish's failure shows: the core's problems beside their fields. */
  const failure = (
    error: unknown,
  ): { errors: Record<string, string>; formError?: string; status: PageStatus } | null => {
    if (InvalidInputError.isInstance(error)) {
      const { errors, rest } = offerErrors(error.problems);
      return {
        errors,
        status: 422,
        formError: rest.length > 0 ? rest.join(" ") : "The offer was not saved: see the messages beside the fields.",
      };
    }
    if (ConflictError.isInstance(error))
      return { errors: { sku: SKU_TAKEN }, status: 409, formError: "The offer was not saved: its SKU is taken." };
    if (PublishValidationError.isInstance(error)) {
      return {
        errors: readinessErrors(error.problems),
        status: 422,
        formError: "A published offer must stay publishable: nothing was saved. See the messages beside the fields.",
      };
    }
    return null;
  };

  app.get("/teams/:teamId/provider/offers/new", (c) => {
    requireWork(kit, c);
    return newPage(c, { values: { serviceType: "internet" }, errors: {}, marketIds: [], needed: {} });
  });

  app.post("/teams/:teamId/provider/offers/new", async (c) => {
    requireWork(kit, c);
    const form = await posted(c);
    try {
      const offer = await kit.marketplace.offers.create(kit.principal(c), offerInput(form, true) as never);
      return c.redirect(`${listPath(c)}/${offer.id}?notice=created`, 303);
    } catch (error) {
      const shown = failure(error);
      if (!shown) throw error;
      const { status, ...rest } = shown;
      return newPage(c, { ...form, ...rest, needed: {} }, status);
    }
  });

  const offerPage = async (c: Context<Env>, offer: Offer, state?: Partial<EditorState>, status: PageStatus = 200) => {
    const readiness = checkPublishReadiness(offer);
    const stored = offerFormValues(offer);
    return kit.render(
      c,
      <OfferPage
        ctx={kit.pageContext(c)}
        offer={offer}
        state={{
          values: state?.values ?? stored.values,
          marketIds: state?.marketIds ?? stored.marketIds,
          errors: state?.errors ?? {},
          ...(state?.formError ? { formError: state.formError } : {}),
          needed: readiness.ready ? {} : readinessErrors(readiness.problems),
        }}
        {...(await choices(c))}
        notice={notice(c)}
      />,
      status,
    );
  };
  const load = (c: Context<Env>) => kit.marketplace.offers.get(kit.principal(c), c.req.param("offerId") ?? "");

  app.get("/teams/:teamId/provider/offers/:offerId", async (c) => offerPage(c, await load(c)));

  app.post("/teams/:teamId/provider/offers/:offerId", async (c) => {
    requireWork(kit, c);
    const offer = await load(c);
    const form = await posted(c);
    try {
      await kit.marketplace.offers.update(kit.principal(c), offer.id, offerInput(form, false));
      return c.redirect(`${listPath(c)}/${offer.id}?notice=saved`, 303);
    } catch (error) {
      const shown = failure(error);
      if (!shown) throw error;
      const { status, ...rest } = shown;
      return offerPage(c, offer, { ...form, ...rest }, status);
    }
  });

  app.post("/teams/:teamId/provider/offers/:offerId/publish", async (c) => {
    requireWork(kit, c);
    const offer = await load(c);
    try {
      await kit.marketplace.offers.publish(kit.principal(c), offer.id);
      return c.redirect(`${listPath(c)}/${offer.id}?notice=published`, 303);
    } catch (error) {
      if (!PublishValidationError.isInstance(error)) throw error;
      const formError = "The offer is not published: fix what is listed below, save, then publish.";
      return offerPage(c, offer, { errors: readinessErrors(error.problems), formError }, 422);
    }
  });

  app.post("/teams/:teamId/provider/offers/:offerId/duplicate", async (c) => {
    requireWork(kit, c);
    const copy = await kit.marketplace.offers.duplicate(kit.principal(c), c.req.param("offerId"));
    return c.redirect(`${listPath(c)}/${copy.id}?notice=duplicated`, 303);
  });

  app.get("/teams/:teamId/provider/offers/:offerId/delete", async (c) => {
    requireWork(kit, c);
    return kit.render(c, <DeleteOfferPage ctx={kit.pageContext(c)} offer={await load(c)} />);
  });

  app.post("/teams/:teamId/provider/offers/:offerId/delete", async (c) => {
    requireWork(kit, c);
    // A second delete, or another team's offer: the core's NotFoundError, a 404 page.
    await kit.marketplace.offers.delete(kit.principal(c), c.req.param("offerId"));
    return c.redirect(`${listPath(c)}?notice=deleted`, 303);
  });
}

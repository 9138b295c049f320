/**
 * The reseller's storefront and shareable links (create, list, delete, copy the public address),
 * and its customers with the `kind` filter.
 *
 * @module
 */

import {
  ConflictError,
  CUSTOMER_KINDS,
  type CustomerKind,
  InvalidInputError,
  NotFoundError,
  type ShareableLink,
  type Storefront,
  UnprocessableError,
} from "@marketplace/core";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { EMPTY_FORM, type FormState, fieldErrors } from "../../ui/form.tsx";
import { ResellerCustomersPage, StorefrontPage } from "./reseller-storefront-pages.tsx";
import { badCursor, keysetRows, noticeOf, pageOf, requireWork } from "./shared.tsx";

/** Offer ids as typed: one per line, or separated by commas or spaces. */
export function offerIdsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter(Boolean);
}

/** Registers `/teams/:teamId/reseller/storefront…` and `/teams/:teamId/reseller/customers`. */
export function registerResellerStorefront(app: DashboardApp, kit: Kit): void {
  const storefrontPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/reseller/storefront");

  const page = async (
    c: Context<Env>,
    forms: { storefront?: FormState; link?: FormState } = {},
    status: PageStatus = 200,
  ) => {
    const principal = kit.principal(c);
    let storefront: Storefront | null = null;
    try {
      storefront = await kit.marketplace.storefronts.getStorefront(principal);
    } catch (error) {
      if (kit.marketplace.isStoreUnavailable(error) || !NotFoundError.isInstance(error)) throw error;
    }
    const cursor = c.req.query("cursor");
    const request = pageOf("links", cursor);
    if (!request) return badCursor(kit, c, storefrontPath(c));
    const result = await kit.marketplace.storefronts.listLinks(principal, request);
    const listed = keysetRows<ShareableLink>(result, storefrontPath(c), {}, cursor);
    return kit.render(
      c,
      <StorefrontPage
        ctx={kit.pageContext(c)}
        storefront={storefront}
        links={listed.rows}
        publicOrigin={kit.publicOrigin(c)}
        storefrontForm={forms.storefront ?? EMPTY_FORM}
        linkForm={
          // The catalog's "Create a shareable link" names its offer: the box starts with it.
          forms.link ??
          (c.req.query("offerIds") ? { values: { offerIds: c.req.query("offerIds") ?? "" }, errors: {} } : EMPTY_FORM)
        }
        {...listed.page}
        notice={noticeOf(c)}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/reseller/storefront", (c) => page(c));

  app.post("/teams/:teamId/reseller/storefront", async (c) => {
    requireWork(kit, c);
    const values = await kit.form(c);
    const slug = (values.slug ?? "").trim();
    try {
      await kit.marketplace.storefronts.putStorefront(kit.principal(c), { slug });
      return c.redirect(`${storefrontPath(c)}?notice=storefront`, 303);
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return page(c, { storefront: { values, errors: fieldErrors(error.problems) } }, 400);
      }
      if (ConflictError.isInstance(error)) {
        const errors = { slug: "Another storefront has this address already. Choose another one." };
        return page(c, { storefront: { values, errors } }, 409);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/reseller/storefront/links", async (c) => {
    requireWork(kit, c);
    const values = await kit.form(c);
    const offerIds = offerIdsOf(values.offerIds ?? "");
    const name = (values.name ?? "").trim();
    try {
      await kit.marketplace.storefronts.createLink(kit.principal(c), { offerIds, ...(name ? { name } : {}) });
      return c.redirect(`${storefrontPath(c)}?notice=link-created`, 303);
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        const errors = fieldErrors(error.problems);
        // "offerIds.1 must be a UUID": the field is offerIds, the words say which one.
        for (const problem of error.problems) {
          const match = /^offerIds(?:\.(\d+))? (.*)$/.exec(problem);
          if (match) {
            const which =
              match[1] === undefined ? "" : `Offer id ${Number(match[1]) + 1} (${offerIds[Number(match[1])] ?? ""}): `;
            errors.offerIds ??= `${which}${match[2]}.`;
          }
        }
        if (offerIds.length === 0) errors.offerIds = "Give at least one offer id, one per line.";
        return page(c, { link: { values, errors } }, 400);
      }
      if (UnprocessableError.isInstance(error)) {
        return page(c, { link: { values, errors: { offerIds: `${error.message}.` } } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/reseller/storefront/links/:linkId/delete", async (c) => {
    requireWork(kit, c);
    try {
      await kit.marketplace.storefronts.deleteLink(kit.principal(c), c.req.param("linkId"));
    } catch (error) {
      if (!NotFoundError.isInstance(error)) throw error;
      return kit.message(
        c,
        404,
        "This link is not there",
        <p>
          It was deleted already, or it is not one of your team's links. Nothing was changed.{" "}
          <a href={storefrontPath(c)}>Go to your storefront and links</a>.
        </p>,
      );
    }
    return c.redirect(`${storefrontPath(c)}?notice=link-deleted`, 303);
  });

  app.get("/teams/:teamId/reseller/customers", async (c) => {
    const path = kit.teamPath(kit.teamOf(c), "/reseller/customers");
    const kind = c.req.query("kind") || undefined;
    const cursor = c.req.query("cursor");
    const request = pageOf("reseller-customers", cursor);
    if (!request || (kind && !CUSTOMER_KINDS.includes(kind as CustomerKind))) return badCursor(kit, c, path);
    const result = await kit.marketplace.customers.listForReseller(
      kit.principal(c),
      kind ? { kind: kind as CustomerKind } : {},
      request,
    );
    const listed = keysetRows(result, path, { kind }, cursor);
    return kit.render(
      c,
      <ResellerCustomersPage
        ctx={kit.pageContext(c)}
        customers={listed.rows}
        kind={(kind as CustomerKind | undefined) ?? null}
        {...listed.page}
      />,
    );
  });
}

/**
 * The provider's fulfilment: order items by status, and an item's page with its snapshot, handoff
 * and consents, offering only the moves the core's state machine allows from the item's status.
 *
 * @module
 */

import {
  ConflictError,
  InvalidInputError,
  ORDER_ITEM_STATUSES,
  type OrderItemStatus,
  UnprocessableError,
} from "@marketplace/core";
import type { ProviderItemUpdate } from "@marketplace/core/orders";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import type { FormState } from "../../ui/form.tsx";
import { EMPTY_FORM, fieldErrors } from "../../ui/form.tsx";
import { FulfilmentPage, ItemPage } from "./fulfilment-pages.tsx";
import { badCursor, keysetRows, noticeOf, pageOf, requireWork, withQuery } from "./shared.tsx";

const MOVES = ["accepted", "rejected", "scheduled", "completed"] as const;

/** Registers `/teams/:teamId/provider/orders…`. */
export function registerFulfilment(app: DashboardApp, kit: Kit): void {
  const listPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/provider/orders");

  app.get("/teams/:teamId/provider/orders", async (c) => {
    const status = c.req.query("status") || undefined;
    const cursor = c.req.query("cursor");
    const page = pageOf("provider-order-items", cursor);
    if (!page || (status && !ORDER_ITEM_STATUSES.includes(status as OrderItemStatus))) {
      return badCursor(kit, c, listPath(c));
    }
    const result = await kit.marketplace.orders.listForProvider(
      kit.principal(c),
      status ? { status: status as OrderItemStatus } : {},
      page,
    );
    const listed = keysetRows(result, listPath(c), { status }, cursor);
    return kit.render(
      c,
      <FulfilmentPage
        ctx={kit.pageContext(c)}
        items={listed.rows}
        status={(status as OrderItemStatus | undefined) ?? null}
        {...listed.page}
        notice={noticeOf(c)}
      />,
    );
  });

  const itemPage = async (
    c: Context<Env>,
    extra: { form?: FormState; notice?: string | undefined } = {},
    status: PageStatus = 200,
  ) => {
    const principal = kit.principal(c);
    const found = await kit.marketplace.orders.getForProvider(principal, c.req.param("itemId") ?? "");
    const consents = await kit.marketplace.consents.listForOrder(principal, found.order.id);
    return kit.render(
      c,
      <ItemPage
        ctx={kit.pageContext(c)}
        found={found}
        consents={consents}
        form={extra.form ?? EMPTY_FORM}
        notice={extra.notice ?? noticeOf(c)}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/provider/orders/:itemId", (c) => itemPage(c));

  app.post("/teams/:teamId/provider/orders/:itemId/status", async (c) => {
    requireWork(kit, c);
    const values = await kit.form(c);
    const move = values.status as (typeof MOVES)[number];
    if (!MOVES.includes(move)) {
      return itemPage(c, { form: { values, errors: {}, formError: "Choose what to do with the item." } }, 400);
    }
    const update =
      move === "scheduled"
        ? { status: move, ...(values.scheduledDate ? { scheduledDate: values.scheduledDate } : {}) }
        : move === "rejected"
          ? { status: move, ...(values.reason?.trim() ? { reason: values.reason.trim() } : {}) }
          : { status: move };
    try {
      // As typed: the core parses it (a schedule without a date is its InvalidInputError, shown on the field).
      const moved = await kit.marketplace.orders.updateItemStatus(
        kit.principal(c),
        c.req.param("itemId"),
        update as ProviderItemUpdate,
      );
      const back =
        values.back === "list"
          ? withQuery(listPath(c), { status: values.filter || undefined, notice: move })
          : `${listPath(c)}/${moved.id}?notice=${move}`;
      return c.redirect(back, 303);
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        const errors = fieldErrors(error.problems);
        if (errors.scheduledDate) errors.scheduledDate = "Choose the installation or service date (a calendar date).";
        return itemPage(c, { form: { values: { ...values, move }, errors } }, 422);
      }
      if (ConflictError.isInstance(error) || UnprocessableError.isInstance(error)) {
        const status = ConflictError.isInstance(error) ? 409 : 422;
        const text = `${error.message}. Nothing was changed; the item's current status and what it allows are below.`;
        return itemPage(c, { form: { values: { ...values, move }, errors: {}, formError: text } }, status);
      }
      throw error;
    }
  });
}

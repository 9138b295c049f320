/**
 * The reseller's orders: the list (training filter, keyset pages), an order's page with its items,
 * cancel, and delete (the spec's dashboard action: no webhook, written to the audit log).
 *
 * @module
 */

import { ConflictError, NotFoundError } from "@marketplace/core";
import { deletionBlockers } from "@marketplace/core/orders";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { DeleteOrderPage, OrderPage, OrdersPage, type TrainingFilter } from "./reseller-order-pages.tsx";
import { badCursor, keysetRows, noticeOf, pageOf, requireWork } from "./shared.tsx";

const TRAINING_FILTERS: Record<string, { isTraining?: boolean }> = {
  all: {},
  training: { isTraining: true },
  live: { isTraining: false },
};

/** Registers `/teams/:teamId/reseller/orders…`. */
export function registerResellerOrders(app: DashboardApp, kit: Kit): void {
  const ordersPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/reseller/orders");

  app.get("/teams/:teamId/reseller/orders", async (c) => {
    const training = (c.req.query("training") ?? "all") as TrainingFilter;
    const filter = TRAINING_FILTERS[training];
    const cursor = c.req.query("cursor");
    const page = pageOf("orders", cursor);
    if (!filter || !page) return badCursor(kit, c, ordersPath(c));
    const result = await kit.marketplace.orders.listForReseller(kit.principal(c), page, filter);
    const listed = keysetRows(result, ordersPath(c), { training: training === "all" ? null : training }, cursor);
    return kit.render(
      c,
      <OrdersPage
        ctx={kit.pageContext(c)}
        orders={listed.rows}
        training={training}
        {...listed.page}
        notice={noticeOf(c)}
      />,
    );
  });

  const orderPage = async (
    c: Context<Env>,
    extra: { error?: string; notice?: string } = {},
    status: PageStatus = 200,
  ) => {
    const order = await kit.marketplace.orders.getForReseller(kit.principal(c), c.req.param("orderId") ?? "");
    return kit.render(
      c,
      <OrderPage ctx={kit.pageContext(c)} order={order} error={extra.error} notice={extra.notice ?? noticeOf(c)} />,
      status,
    );
  };

  app.get("/teams/:teamId/reseller/orders/:orderId", (c) => orderPage(c));

  app.post("/teams/:teamId/reseller/orders/:orderId/cancel", async (c) => {
    requireWork(kit, c);
    try {
      const order = await kit.marketplace.orders.cancel(kit.principal(c), c.req.param("orderId"));
      return c.redirect(`${ordersPath(c)}/${order.id}?notice=cancelled`, 303);
    } catch (error) {
      if (ConflictError.isInstance(error)) return orderPage(c, { error: `${error.message}.` }, 409);
      throw error;
    }
  });

  // The confirmation: what deleting does, or why this order cannot be deleted yet.
  app.get("/teams/:teamId/reseller/orders/:orderId/delete", async (c) => {
    requireWork(kit, c);
    const order = await kit.marketplace.orders.getForReseller(kit.principal(c), c.req.param("orderId"));
    return kit.render(c, <DeleteOrderPage ctx={kit.pageContext(c)} order={order} blockers={deletionBlockers(order)} />);
  });

  app.post("/teams/:teamId/reseller/orders/:orderId/delete", async (c) => {
    requireWork(kit, c);
    const orderId = c.req.param("orderId");
    const member = kit.member(c);
    try {
      await kit.marketplace.orders.delete(kit.principal(c), orderId, {
        actor: { kind: "member", memberId: member.id, email: member.email },
        origin: kit.origin(c),
      });
      return c.redirect(`${ordersPath(c)}?notice=deleted`, 303);
    } catch (error) {
      if (NotFoundError.isInstance(error)) return alreadyGone(kit, c, ordersPath(c));
      if (ConflictError.isInstance(error)) {
        const order = await kit.marketplace.orders.getForReseller(kit.principal(c), orderId);
        return kit.render(
          c,
          <DeleteOrderPage
            ctx={kit.pageContext(c)}
            order={order}
            blockers={deletionBlockers(order)}
            error={`${error.message}.`}
          />,
          409,
        );
      }
      throw error;
    }
  });
}

/** Deleting an order that is gone (deleted already, another team's, unknown): a message, nothing changed. */
function alreadyGone(kit: Kit, c: Context<Env>, ordersPath: string) {
  return kit.message(
    c,
    404,
    "This order is not there",
    <p>
      It was deleted already, or it is not one of your team's orders. Nothing was changed.{" "}
      <a href={ordersPath}>Go to your orders</a>.
    </p>,
  );
}

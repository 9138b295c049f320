/**
 * The reseller's order pages: the list, an order with its items, and the deletion's confirmation.
 *
 * @module
 */

import type { Member, Order, Team } from "@marketplace/core";
import { isCancellable } from "@marketplace/core/orders";
import { SelectFilter } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { KeysetTable, Table } from "../../ui/table.tsx";
import { canWork, monthly, StatusBadge, shortId, TrainingBadge } from "./shared.tsx";

/** The orders list's training filter. */
export type TrainingFilter = "all" | "training" | "live";

const FILTER_LABELS: Record<TrainingFilter, string> = {
  all: "All orders",
  training: "Training orders only",
  live: "Live orders only",
};

/** The team's orders, newest first. */
export function OrdersPage(props: {
  ctx: PageContext;
  orders: Order[];
  training: TrainingFilter;
  first: string;
  next: string | null;
  onFirst: boolean;
  notice?: string | undefined;
}) {
  const { ctx, orders } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/reseller/orders`;
  return (
    <Layout ctx={ctx} title="Orders" current="reseller-orders">
      <h1>Orders</h1>
      <Notice text={props.notice} />
      <p class="muted">
        Orders your team placed, newest first. Training orders run through the whole lifecycle but never earn commission
        and are left out of analytics.
      </p>
      <SelectFilter
        action={path}
        name="training"
        label="Show"
        selected={props.training}
        options={(Object.keys(FILTER_LABELS) as TrainingFilter[]).map((value) => ({
          value,
          label: FILTER_LABELS[value],
        }))}
      />
      <KeysetTable
        page={props}
        rows={orders}
        empty="No orders here yet."
        more="No more orders."
        caption={`${FILTER_LABELS[props.training]}, newest first`}
        headers={["Order", "Customer", "Items", "Monthly", "Status", "Placed"]}
        row={(order) => (
          <tr>
            <td>
              <a href={`${path}/${order.id}`} aria-label={`Order ${shortId(order.id)}`}>
                <code>{shortId(order.id)}</code>
              </a>{" "}
              <TrainingBadge training={order.isTraining} />
            </td>
            <td>{order.customer.name}</td>
            <td>{order.items.length}</td>
            <td>{monthly(order.totalMonthly)}</td>
            <td>
              <StatusBadge status={order.status} kind="order" />
            </td>
            <td>
              <When at={order.createdAt} />
            </td>
          </tr>
        )}
      />
    </Layout>
  );
}

/** What an order says of its customer, address and dates. */
function OrderFacts({ order }: { order: Order }) {
  const address = order.serviceAddress;
  return (
    <dl class="facts">
      <dt>Status</dt>
      <dd>
        <StatusBadge status={order.status} kind="order" /> <TrainingBadge training={order.isTraining} />
      </dd>
      <dt>Placed</dt>
      <dd>
        <When at={order.createdAt} />
      </dd>
      <dt>Customer</dt>
      <dd>
        {order.customer.name} ({order.customer.kind}), {order.customer.email}, {order.customer.phone}
      </dd>
      <dt>Service address</dt>
      <dd>
        {[address.line1, address.line2, `${address.city}, ${address.state} ${address.zipCode}`]
          .filter(Boolean)
          .join(", ")}
      </dd>
      <dt>Move-in date</dt>
      <dd>{order.moveInDate ?? "—"}</dd>
      <dt>Installation date</dt>
      <dd>{order.installationDate ?? "—"}</dd>
      <dt>Total monthly</dt>
      <dd>{monthly(order.totalMonthly)} (handoff items not included)</dd>
    </dl>
  );
}

/** One order with its items. */
export function OrderPage(props: {
  ctx: PageContext;
  order: Order;
  error?: string | undefined;
  notice?: string | undefined;
}) {
  const { ctx, order } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/reseller/orders/${order.id}`;
  const writer = canWork(ctx.member as Member);
  const cancellable = order.items.some((item) => isCancellable(item.status));
  return (
    <Layout ctx={ctx} title={`Order ${shortId(order.id)}`} current="reseller-orders">
      <p>
        <a href={`${ctx.base}/teams/${team.id}/reseller/orders`}>Orders</a>
      </p>
      <h1>
        Order <code>{shortId(order.id)}</code>
      </h1>
      <Notice text={props.notice} />
      {props.error ? (
        <div class="notice bad" role="alert">
          {props.error}
        </div>
      ) : null}
      <p class="muted">
        Id <code>{order.id}</code> ·{" "}
        <a href={`${ctx.base}/teams/${team.id}/webhooks/orders/${order.id}`}>its webhook events and deliveries</a>
      </p>
      <OrderFacts order={order} />
      <h2>Items</h2>
      <Table
        caption="One item per offer ordered; prices as they were at order time"
        headers={["Offer", "Provider", "Monthly", "Status", "Handoff"]}
      >
        {order.items.map((item) => (
          <tr>
            <td>
              {item.offer.offerName}
              <br />
              <span class="muted">
                Item <code>{shortId(item.id)}</code>
              </span>
            </td>
            <td>{item.offer.providerName}</td>
            <td>{monthly(item.offer.monthlyPrice)}</td>
            <td>
              <StatusBadge status={item.status} kind="item" />
              {item.scheduledDate ? <div class="muted">for {item.scheduledDate}</div> : null}
              {item.rejectionReason ? <div class="muted">Reason: {item.rejectionReason}</div> : null}
            </td>
            <td>
              {item.handoffRedirectUrl ? (
                <a href={item.handoffRedirectUrl} rel="noopener noreferrer" target="_blank">
                  Partner signup link
                  <span class="visually-hidden"> for {item.offer.offerName} (opens a new tab)</span>
                </a>
              ) : (
                <span class="muted">none</span>
              )}
            </td>
          </tr>
        ))}
      </Table>
      <p class="muted">
        The order's events (created, item status changes, cancellation) go to your webhooks; their deliveries are in
        each webhook's delivery log.
      </p>
      {writer ? (
        <>
          <h2>Actions</h2>
          <div class="actions">
            {cancellable ? (
              <form
                method="post"
                action={`${path}/cancel`}
                class="inline"
                data-confirm="Cancel this order? Every open item moves to cancelled and its providers are told."
              >
                <button type="submit" class="secondary">
                  Cancel order
                </button>
              </form>
            ) : null}
            <a class="button danger" href={`${path}/delete`}>
              Delete order…
            </a>
          </div>
        </>
      ) : (
        <p>Your role can see the order but not change it.</p>
      )}
    </Layout>
  );
}

/** The confirmation of a deletion, or why the order cannot be deleted yet. */
export function DeleteOrderPage(props: {
  ctx: PageContext;
  order: Order;
  blockers: string[];
  error?: string | undefined;
}) {
  const { ctx, order, blockers } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/reseller/orders/${order.id}`;
  const label = `${order.isTraining ? "training order" : "order"} ${shortId(order.id)}`;
  return (
    <Layout ctx={ctx} title={`Delete order ${shortId(order.id)}`} current="reseller-orders">
      <p>
        <a href={path}>Back to the order</a>
      </p>
      <h1>{blockers.length > 0 ? `The ${label} cannot be deleted yet` : `Delete the ${label}?`}</h1>
      {props.error ? (
        <div class="notice bad" role="alert">
          {props.error}
        </div>
      ) : null}
      <OrderFacts order={order} />
      {blockers.length > 0 ? (
        <>
          <div class={props.error ? "notice" : "notice bad"} role={props.error ? undefined : "alert"}>
            This live order cannot be deleted yet: items are still open ({blockers.join(", ")}). Cancel it first, so no
            provider keeps fulfilling an order you can no longer see; then delete it.
          </div>
          <form method="post" action={`${path}/cancel`} class="inline" data-confirm="Cancel this order?">
            <button type="submit" class="secondary">
              Cancel order
            </button>
          </form>
        </>
      ) : (
        <>
          <ul>
            <li>The order leaves your lists, and its page and the API answer “not found” from then on.</li>
            <li>No webhook is sent and no event is recorded.</li>
            <li>Its providers keep their items, consents and delivery records.</li>
            <li>The deletion is written to your team's audit log, with your name.</li>
          </ul>
          <form method="post" action={`${path}/delete`} class="inline">
            <button type="submit" class="danger">
              Delete this order
            </button>
            <a href={path}>Keep it</a>
          </form>
        </>
      )}
    </Layout>
  );
}

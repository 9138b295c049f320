/**
 * The provider's fulfilment pages: the items by status, and one item with its snapshot, handoff,
 * consents and the moves its status allows.
 *
 * @module
 */

import {
  type ConsentRecord,
  type Member,
  ORDER_ITEM_STATUSES,
  type OrderItemStatus,
  type ProviderOrderItem,
  type Team,
} from "@marketplace/core";
import { canProviderMove } from "@marketplace/core/orders";
import type { Child } from "hono/jsx";
import { FieldFrame, FormError, type FormState } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { KeysetTable } from "../../ui/table.tsx";
import { ConsentTable } from "./consent-parts.tsx";
import { canWork, ITEM_STATUS_LABELS, monthly, StatusBadge, shortId, TrainingBadge } from "./shared.tsx";

/** Quick moves a list row offers (those needing no input); the rest are on the item's page. */
function QuickMoves(props: { action: string; item: ProviderOrderItem; filter: string }) {
  const { item } = props.item;
  const quick = (["accepted", "completed"] as const).filter((to) => canProviderMove(item.status, to));
  if (quick.length === 0) return null;
  return (
    <>
      {quick.map((to) => (
        <form method="post" action={props.action} class="inline">
          <input type="hidden" name="status" value={to} />
          <input type="hidden" name="back" value="list" />
          <input type="hidden" name="filter" value={props.filter} />
          <button
            type="submit"
            class="secondary"
            aria-label={`${to === "accepted" ? "Accept" : "Complete"} item ${shortId(item.id)}`}
          >
            {to === "accepted" ? "Accept" : "Complete"}
          </button>
        </form>
      ))}
    </>
  );
}

/** Order items on the team's offers, newest first, by status. */
export function FulfilmentPage(props: {
  ctx: PageContext;
  items: ProviderOrderItem[];
  status: OrderItemStatus | null;
  first: string;
  next: string | null;
  onFirst: boolean;
  notice?: string | undefined;
}) {
  const { ctx, items, status } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/provider/orders`;
  const writer = canWork(ctx.member as Member);
  const tabs: { value: OrderItemStatus | null; label: string }[] = [
    { value: null, label: "All" },
    ...ORDER_ITEM_STATUSES.map((value) => ({ value, label: ITEM_STATUS_LABELS[value] })),
  ];
  return (
    <Layout ctx={ctx} title="Fulfilment" current="fulfilment">
      <h1>Fulfilment</h1>
      <Notice text={props.notice} />
      <p class="muted">Order items on your offers, newest first. Open an item to schedule or reject it.</p>
      <nav aria-label="Items by status">
        <ul class="tabs">
          {tabs.map((tab) => (
            <li>
              <a
                href={tab.value ? `${path}?status=${tab.value}` : path}
                aria-current={tab.value === status ? "page" : undefined}
              >
                {tab.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <KeysetTable
        page={props}
        rows={items}
        empty="No items here."
        more="No more items."
        caption={`${status ? `Items ${ITEM_STATUS_LABELS[status].toLowerCase()}` : "Every item"}, newest first`}
        headers={["Item", "Offer", "Customer", "Status", "Ordered", writer ? "Actions" : null]}
        row={(row) => (
          <tr>
            <td>
              <a href={`${path}/${row.id}`} aria-label={`Item ${shortId(row.id)}`}>
                <code>{shortId(row.id)}</code>
              </a>{" "}
              <TrainingBadge training={row.item.isTraining} />
            </td>
            <td>{row.item.offer.offerName}</td>
            <td>{row.order.customer.name}</td>
            <td>
              <StatusBadge status={row.item.status} kind="item" />
              {row.item.scheduledDate ? <div class="muted">for {row.item.scheduledDate}</div> : null}
            </td>
            <td>
              <When at={row.item.createdAt} />
            </td>
            {writer ? (
              <td>
                <QuickMoves action={`${path}/${row.id}/status`} item={row} filter={status ?? ""} />
              </td>
            ) : null}
          </tr>
        )}
      />
    </Layout>
  );
}

/** The offer as the item snapshotted it at order time. */
function Snapshot({ found }: { found: ProviderOrderItem }) {
  const { offer } = found.item;
  const rows: [string, Child][] = [
    ["Offer", offer.offerName],
    ["Service", offer.serviceType.replace("_", " ")],
    ["Shown as", offer.providerName],
    ["Monthly price", monthly(offer.monthlyPrice)],
    [
      "Promotion",
      offer.promoMonthlyPrice
        ? `${monthly(offer.promoMonthlyPrice)}${offer.promoDurationMonths != null ? ` for ${offer.promoDurationMonths} months` : ""}`
        : "—",
    ],
    ["Contract", offer.contractTermMonths ? `${offer.contractTermMonths} months` : "none (month to month)"],
    ["Commission", offer.commission ? `$${offer.commission}` : "—"],
  ];
  if (offer.internet) {
    rows.push([
      "Internet",
      [
        offer.internet.downloadSpeedMbps != null
          ? `${offer.internet.downloadSpeedMbps} Mbps down`
          : "download speed not stated",
        offer.internet.uploadSpeedMbps != null ? `${offer.internet.uploadSpeedMbps} Mbps up` : null,
        offer.internet.connectionType ?? "connection not stated",
      ]
        .filter((part) => part !== null)
        .join(", "),
    ]);
  }
  if (offer.electricity) {
    rows.push([
      "Electricity",
      `${offer.electricity.ratePerKwh != null ? `$${offer.electricity.ratePerKwh} per kWh` : "rate not stated"}, ${offer.electricity.rateType ?? "rate type not stated"}`,
    ]);
  }
  return (
    <dl class="facts">
      {rows.map(([name, value]) => (
        <>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </>
      ))}
    </dl>
  );
}

/** The moves the item's status allows, each a small form; none when it is final. */
function Moves(props: { action: string; status: OrderItemStatus; form: FormState }) {
  const { status, form } = props;
  const can = (to: OrderItemStatus) => canProviderMove(status, to);
  const dateError = form.errors.scheduledDate;
  const reasonError = form.errors.reason;
  if (!["accepted", "rejected", "scheduled", "completed"].some((to) => can(to as OrderItemStatus))) {
    return <p>The item is {ITEM_STATUS_LABELS[status].toLowerCase()}: nothing more can be done with it.</p>;
  }
  return (
    <div class="actions">
      {can("accepted") ? (
        <form method="post" action={props.action} class="inline">
          <input type="hidden" name="status" value="accepted" />
          <button type="submit">Accept</button>
        </form>
      ) : null}
      {can("scheduled") ? (
        <form method="post" action={props.action} class="stack" novalidate>
          <input type="hidden" name="status" value="scheduled" />
          <FieldFrame
            id="field-scheduledDate"
            label={status === "scheduled" ? "New date" : "Installation or service date"}
            error={dateError}
          >
            <input
              id="field-scheduledDate"
              name="scheduledDate"
              type="date"
              required
              value={form.values.scheduledDate}
              aria-invalid={dateError ? "true" : undefined}
              aria-describedby={dateError ? "field-scheduledDate-error" : undefined}
            />
          </FieldFrame>
          <div>
            <button type="submit" class="secondary">
              {status === "scheduled" ? "Reschedule" : "Schedule"}
            </button>
          </div>
        </form>
      ) : null}
      {can("completed") ? (
        <form method="post" action={props.action} class="inline">
          <input type="hidden" name="status" value="completed" />
          <button type="submit">Complete</button>
        </form>
      ) : null}
      {can("rejected") ? (
        <form method="post" action={props.action} class="stack" novalidate data-confirm="Reject this item?">
          <input type="hidden" name="status" value="rejected" />
          <FieldFrame id="field-reason" label="Reason for rejecting (optional)" error={reasonError}>
            <textarea
              id="field-reason"
              name="reason"
              maxlength={500}
              aria-invalid={reasonError ? "true" : undefined}
              aria-describedby={reasonError ? "field-reason-error" : undefined}
            >
              {form.values.reason ?? ""}
            </textarea>
          </FieldFrame>
          <div>
            <button type="submit" class="danger">
              Reject
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** One item on the team's offers. */
export function ItemPage(props: {
  ctx: PageContext;
  found: ProviderOrderItem;
  consents: ConsentRecord[];
  form: FormState;
  notice?: string | undefined;
}) {
  const { ctx, found, form } = props;
  const { item, order } = found;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/provider/orders`;
  const address = order.serviceAddress;
  return (
    <Layout ctx={ctx} title={`Item ${shortId(item.id)}`} current="fulfilment">
      <p>
        <a href={path}>Fulfilment</a>
      </p>
      <h1>
        {item.offer.offerName} <span class="muted">item {shortId(item.id)}</span>
      </h1>
      <Notice text={props.notice} />
      <FormError form={form} />
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          <StatusBadge status={item.status} kind="item" /> <TrainingBadge training={item.isTraining} />
          {item.scheduledDate ? ` for ${item.scheduledDate}` : ""}
          {item.rejectionReason ? ` (reason: ${item.rejectionReason})` : ""}
        </dd>
        <dt>Item id</dt>
        <dd>
          <code>{item.id}</code> ·{" "}
          <a href={`${ctx.base}/teams/${team.id}/webhooks/orders/${order.id}`}>
            the order's webhook events and deliveries
          </a>
        </dd>
        <dt>Ordered</dt>
        <dd>
          <When at={item.createdAt} />
        </dd>
        <dt>Customer</dt>
        <dd>
          {order.customerId ? (
            <a href={`${ctx.base}/teams/${team.id}/provider/customers/${order.customerId}`}>{order.customer.name}</a>
          ) : (
            order.customer.name
          )}{" "}
          ({order.customer.kind}), {order.customer.email}, {order.customer.phone}
        </dd>
        <dt>Service address</dt>
        <dd>
          {[address.line1, address.line2, `${address.city}, ${address.state} ${address.zipCode}`]
            .filter(Boolean)
            .join(", ")}
        </dd>
        <dt>Dates asked</dt>
        <dd>
          move-in {order.moveInDate ?? "—"}, installation {order.installationDate ?? "—"}
        </dd>
      </dl>
      {canWork(ctx.member as Member) ? (
        <>
          <h2>What to do</h2>
          <Moves action={`${path}/${item.id}/status`} status={item.status} form={form} />
        </>
      ) : (
        <p>Your role can see the item but not change it.</p>
      )}
      <h2>The offer at order time</h2>
      <Snapshot found={found} />
      <h2>Handoff</h2>
      {item.handoffRedirectUrl ? (
        <p>
          The customer signs up on your site through{" "}
          <a href={item.handoffRedirectUrl} rel="noopener noreferrer">
            <code class="url">{item.handoffRedirectUrl}</code>
          </a>
          ; accept or reject the item once the signup is done.
        </p>
      ) : (
        <p class="muted">This item is not a partner-signup (lead_gen) item.</p>
      )}
      <h2>Consents</h2>
      <ConsentTable consents={props.consents} caption="Consent decisions of this order naming your team" />
      <p class="muted">The item's events are delivered to your webhooks; each webhook's delivery log lists them.</p>
    </Layout>
  );
}

/**
 * The figures of each side: the key numbers, the charts with their data table, and the top offers
 * or the channels. Every number shown carries `data-figure` (and `data-value` when the text is
 * formatted), so tests and people read the same thing.
 *
 * @module
 */

import { ORDER_ITEM_STATUSES, type ProviderAnalytics, type ResellerAnalytics } from "@marketplace/core";
import type { Child } from "hono/jsx";
import { LineChart } from "./chart.tsx";
import { queryString, TABLE_MAX_DAYS } from "./query.ts";

/** A rate as a percentage, or "n/a" when there is nothing to divide by. */
export function percent(rate: number | null): string {
  return rate === null ? "n/a" : `${Math.round(rate * 1000) / 10} %`;
}

/**
 * A time to accept in words. The API's value is the lower bound of its step (whole minutes under an
 * hour, quarter hours under a day, hours after), so 0 is "under 1 min" and 5400 "1 h 30 min".
 */
export function duration(seconds: number | null): string {
  if (seconds === null) return "n/a";
  if (seconds < 60) return "under 1 min";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86_400) {
    const minutes = Math.floor((seconds % 3600) / 60);
    return `${Math.floor(seconds / 3600)} h${minutes ? ` ${minutes} min` : ""}`;
  }
  const hours = Math.floor((seconds % 86_400) / 3600);
  return `${Math.floor(seconds / 86_400)} d${hours ? ` ${hours} h` : ""}`;
}

function Figure(props: { name: string; label: string; value: string | number; raw?: string | number | null }) {
  return (
    <div>
      <dt>{props.label}</dt>
      <dd data-figure={props.name} data-value={props.raw === undefined ? undefined : String(props.raw)}>
        {props.value}
      </dd>
    </div>
  );
}

function periodLabel(period: { start: string; end: string }): string {
  return period.start === period.end ? period.start : `${period.start} to ${period.end}`;
}

/** A table in a focusable, scrollable region (narrow screens scroll it sideways). */
function DataTable(props: { id: string; caption: string; head: readonly string[]; children?: Child }) {
  return (
    <section class="table-wrap" aria-labelledby={`${props.id}-caption`} tabindex={0}>
      <table id={props.id}>
        <caption id={`${props.id}-caption`}>{props.caption}</caption>
        <thead>
          <tr>
            {props.head.map((cell) => (
              <th scope="col">{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </section>
  );
}

/** What the month table of a long range by day leaves to the charts and the CSV. */
function MonthTableNote(props: { days: number; months: number; csv: string }) {
  return (
    <p class="muted" data-table="month">
      {`The table lists these ${props.days} days as ${props.months} month${props.months === 1 ? "" : "s"}, to keep the page light. The charts above show every day, and `}
      <a href={props.csv} download>
        the CSV download
      </a>
      {` has every day's figures. A range of at most ${TABLE_MAX_DAYS} days lists its days here.`}
    </p>
  );
}

/** The data table's caption: by period, or by month for a long range by day. */
function tableCaption(byMonth: boolean): string {
  return byMonth ? "Figures by month (the charts show every day)" : "Figures by period";
}

/** A provider's figures. */
export function ProviderFiguresView(props: {
  answer: ProviderAnalytics;
  /** The same query by month, for the table of a long range by day. */
  table?: ProviderAnalytics | null;
  /** The CSV download's address. */
  csv: string;
  path: string;
  values: Record<string, string>;
}) {
  const { answer } = props;
  const rows = (props.table ?? answer).series;
  const t = answer.totals;
  const labels = answer.series.map((p) => p.start);
  return (
    <>
      <h2 id="totals">Totals</h2>
      <dl class="figures" aria-labelledby="totals">
        <Figure name="itemsReceived" label="Items received" value={t.itemsReceived} />
        <Figure name="itemsAccepted" label="Items accepted" value={t.itemsAccepted} />
        <Figure name="itemsRejected" label="Items rejected" value={t.itemsRejected} />
        <Figure name="itemsCompleted" label="Items completed" value={t.itemsCompleted} />
        <Figure name="itemsCancelled" label="Items cancelled" value={t.itemsCancelled} />
        <Figure
          name="acceptanceRate"
          label="Acceptance rate"
          value={percent(t.acceptanceRate)}
          raw={t.acceptanceRate}
        />
        <Figure
          name="medianSeconds"
          label="Time to accept, median"
          value={duration(t.timeToAccept.medianSeconds)}
          raw={t.timeToAccept.medianSeconds}
        />
        <Figure
          name="p90Seconds"
          label="Time to accept, 90th percentile"
          value={duration(t.timeToAccept.p90Seconds)}
          raw={t.timeToAccept.p90Seconds}
        />
        <Figure name="totalMonthlyAccepted" label="Monthly total of accepted items" value={t.totalMonthlyAccepted} />
        <Figure name="commissionAccrued" label="Commission accrued" value={t.commissionAccrued} />
      </dl>
      <h2>Over time</h2>
      <LineChart
        id="chart-items"
        title="Items received and accepted by period"
        unit="items"
        labels={labels}
        lines={[
          { label: "Received", values: answer.series.map((p) => p.itemsReceived) },
          { label: "Accepted", values: answer.series.map((p) => p.itemsAccepted) },
        ]}
      />
      <LineChart
        id="chart-money"
        title="Monthly total of accepted items by period"
        unit="in monthly prices"
        labels={labels}
        lines={[{ label: "Monthly total accepted", values: answer.series.map((p) => Number(p.totalMonthlyAccepted)) }]}
      />
      {props.table ? <MonthTableNote days={answer.series.length} months={rows.length} csv={props.csv} /> : null}
      <DataTable
        id="series"
        caption={tableCaption(Boolean(props.table))}
        head={[
          "Period",
          "Received",
          "Accepted",
          "Rejected",
          "Completed",
          "Cancelled",
          "Acceptance",
          "Monthly accepted",
          "Commission",
        ]}
      >
        {rows.map((p) => (
          <tr>
            <th scope="row">{periodLabel(p)}</th>
            <td>{p.itemsReceived}</td>
            <td>{p.itemsAccepted}</td>
            <td>{p.itemsRejected}</td>
            <td>{p.itemsCompleted}</td>
            <td>{p.itemsCancelled}</td>
            <td>{percent(p.acceptanceRate)}</td>
            <td>{p.totalMonthlyAccepted}</td>
            <td>{p.commissionAccrued}</td>
          </tr>
        ))}
      </DataTable>
      <h2>Top offers</h2>
      {answer.topOffers.length === 0 ? (
        <p>No items in this range.</p>
      ) : (
        <DataTable
          id="top-offers"
          caption="Offers with the most accepted items (select one to see only its figures)"
          head={["Offer", "Received", "Accepted", "Acceptance", "Monthly accepted", "Commission"]}
        >
          {answer.topOffers.map((offer) => (
            <tr>
              <th scope="row">
                <a href={`${props.path}?${queryString(props.values, { offer: offer.offerId })}`}>
                  {offer.offerName ?? "A deleted offer"}
                </a>
              </th>
              <td>{offer.itemsReceived}</td>
              <td>{offer.itemsAccepted}</td>
              <td>{percent(offer.acceptanceRate)}</td>
              <td>{offer.totalMonthlyAccepted}</td>
              <td>{offer.commissionAccrued}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  handoff: "Handed off",
  accepted: "Accepted",
  rejected: "Rejected",
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** A reseller's figures. */
export function ResellerFiguresView(props: {
  answer: ResellerAnalytics;
  /** The same query by month, for the table of a long range by day. */
  table?: ResellerAnalytics | null;
  /** The CSV download's address. */
  csv: string;
  path: string;
  values: Record<string, string>;
}) {
  const { answer } = props;
  const rows = (props.table ?? answer).series;
  const t = answer.totals;
  const labels = answer.series.map((p) => p.start);
  const channels = [
    ...answer.storefronts.map((s) => ({
      ...s,
      kind: "Storefront",
      filter: { storefront: s.storefrontId },
      shown: s.slug,
    })),
    ...answer.links.map((l) => ({ ...l, kind: "Link", filter: { link: l.linkId }, shown: l.name ?? l.slug })),
  ];
  return (
    <>
      <h2 id="totals">Totals</h2>
      <dl class="figures" aria-labelledby="totals">
        <Figure name="ordersPlaced" label="Orders placed" value={t.ordersPlaced} />
        {ORDER_ITEM_STATUSES.map((status) => (
          <Figure
            name={`items.${status}`}
            label={`Items ${STATUS_LABELS[status]?.toLowerCase()}`}
            value={t.itemsByStatus[status]}
          />
        ))}
        <Figure name="totalMonthlyOrdered" label="Monthly total ordered" value={t.totalMonthlyOrdered} />
        <Figure name="totalMonthlyAccepted" label="Monthly total accepted" value={t.totalMonthlyAccepted} />
        <Figure name="commissionEarned" label="Commission earned" value={t.commissionEarned} />
        <Figure name="clicks" label="Clicks" value={t.clicks} />
      </dl>
      <h2>Over time</h2>
      <LineChart
        id="chart-orders"
        title="Orders placed by period"
        unit="orders"
        labels={labels}
        lines={[{ label: "Orders placed", values: answer.series.map((p) => p.ordersPlaced) }]}
      />
      <LineChart
        id="chart-money"
        title="Monthly totals ordered and accepted by period"
        unit="in monthly prices"
        labels={labels}
        lines={[
          { label: "Ordered", values: answer.series.map((p) => Number(p.totalMonthlyOrdered)) },
          { label: "Accepted", values: answer.series.map((p) => Number(p.totalMonthlyAccepted)) },
        ]}
      />
      {props.table ? <MonthTableNote days={answer.series.length} months={rows.length} csv={props.csv} /> : null}
      <DataTable
        id="series"
        caption={tableCaption(Boolean(props.table))}
        head={[
          "Period",
          "Orders",
          ...ORDER_ITEM_STATUSES.map((s) => STATUS_LABELS[s] as string),
          "Monthly ordered",
          "Monthly accepted",
          "Commission",
        ]}
      >
        {rows.map((p) => (
          <tr>
            <th scope="row">{periodLabel(p)}</th>
            <td>{p.ordersPlaced}</td>
            {ORDER_ITEM_STATUSES.map((status) => (
              <td>{p.itemsByStatus[status]}</td>
            ))}
            <td>{p.totalMonthlyOrdered}</td>
            <td>{p.totalMonthlyAccepted}</td>
            <td>{p.commissionEarned}</td>
          </tr>
        ))}
      </DataTable>
      <h2>Storefronts and links</h2>
      {channels.length === 0 ? (
        <p>No storefront or link yet.</p>
      ) : (
        <DataTable
          id="channels"
          caption="Clicks, orders and conversion (orders ÷ clicks); select one to see only its figures"
          head={["Channel", "Clicks", "Orders", "Conversion"]}
        >
          {channels.map((channel) => (
            <tr>
              <th scope="row">
                <span class="muted">{channel.kind}: </span>
                <a href={`${props.path}?${queryString(props.values, channel.filter)}`}>{channel.shown}</a>
              </th>
              <td>{channel.clicks}</td>
              <td>{channel.orders}</td>
              <td>{percent(channel.conversion)}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}

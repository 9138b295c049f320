/**
 * The reseller's catalog pages: the table of published offers with the API's filters, and an
 * offer's page with what the API's catalog detail says of it.
 *
 * @module
 */

import { type CatalogEntry, type Member, SERVICE_TYPES, type Team } from "@marketplace/core";
import { Field, FieldFrame, FormError, type FormState } from "../../ui/form.tsx";
import { Layout, type PageContext, When } from "../../ui/layout.tsx";
import { KeysetTable, Pager } from "../../ui/table.tsx";
import { SERVICE_TYPE_LABELS } from "../offers/offer-form.ts";
import { canWork, monthly, withQuery } from "./shared.tsx";

/** The catalog's filters, as `GET /reseller/catalog` names them. */
export const CATALOG_FILTERS = ["category", "minPrice", "maxPrice", "zipCode", "search"] as const;

const CONNECTION_LABELS: Record<string, string> = {
  fiber: "fiber",
  cable: "cable",
  dsl: "DSL",
  fixed_wireless: "fixed wireless",
  satellite: "satellite",
  "5g_home": "5G home",
};

/** What sets an offer apart, in a few words ("500 Mbps down, fiber, no data cap"). */
export function keyDetails(entry: CatalogEntry): string {
  const parts: string[] = [];
  const net = entry.internet;
  if (net) {
    if (net.downloadSpeedMbps !== null) {
      parts.push(`${net.downloadSpeedMbps}${net.uploadSpeedMbps !== null ? `/${net.uploadSpeedMbps}` : ""} Mbps`);
    }
    if (net.connectionType) parts.push(CONNECTION_LABELS[net.connectionType] ?? net.connectionType);
    if (net.dataCapGb !== null) parts.push(`${net.dataCapGb} GB cap`);
  }
  const power = entry.electricity;
  if (power) {
    if (power.ratePerKwh !== null) parts.push(`$${power.ratePerKwh}/kWh`);
    if (power.rateType) parts.push(`${power.rateType} rate`);
    if (power.renewablePercent !== null) parts.push(`${power.renewablePercent}% renewable`);
  }
  if (entry.promoMonthlyPrice) {
    const months = entry.promoDurationMonths ? ` for ${entry.promoDurationMonths} months` : "";
    parts.push(`promo $${entry.promoMonthlyPrice}${months}`);
  }
  if (entry.contractTermMonths) parts.push(`${entry.contractTermMonths}-month contract`);
  if (entry.partnerSignup) parts.push("partner signup");
  return parts.length > 0 ? parts.join(", ") : "—";
}

/** The catalog: published offers of every provider, newest first, with the API's filters. */
export function CatalogPage(props: {
  ctx: PageContext;
  entries: CatalogEntry[];
  form: FormState;
  filtered: boolean;
  first: string;
  next: string | null;
  onFirst: boolean;
}) {
  const { ctx, entries, form } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/reseller/catalog`;
  const categoryError = form.errors.category;
  const invalid = Object.keys(form.errors).length > 0;
  return (
    <Layout ctx={ctx} title="Catalog" current="catalog">
      <h1>Catalog</h1>
      <p class="muted">
        Every provider's published offers, newest first. Open one to see its details and share it with your customers.
      </p>
      <FormError form={form} />
      <form method="get" action={path} class="filters" aria-label="Filter the catalog" novalidate>
        <FieldFrame id="field-category" label="Category" error={categoryError}>
          <select
            id="field-category"
            name="category"
            aria-invalid={categoryError ? "true" : undefined}
            aria-describedby={categoryError ? "field-category-error" : undefined}
          >
            <option value="">Any</option>
            {SERVICE_TYPES.map((value) => (
              <option value={value} selected={value === form.values.category}>
                {SERVICE_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </FieldFrame>
        <Field form={form} name="minPrice" label="Monthly price from ($)" hint="e.g. 20" required={false} />
        <Field form={form} name="maxPrice" label="Monthly price up to ($)" hint="e.g. 49.99" required={false} />
        <Field
          form={form}
          name="zipCode"
          label="ZIP code"
          hint="5 digits"
          autocomplete="postal-code"
          required={false}
        />
        <Field
          form={form}
          name="search"
          label="Search"
          type="search"
          hint="Name, headline or description"
          required={false}
        />
        <button type="submit">Filter</button>
        {props.filtered ? <a href={path}>Clear filters</a> : null}
      </form>
      {invalid ? (
        <Pager first={props.first} next={props.next} onFirst={props.onFirst} />
      ) : (
        <KeysetTable
          page={props}
          rows={entries}
          empty="No published offer matches."
          more="No more offers."
          caption={`${props.filtered ? "Offers matching every filter" : "All offers"}, newest first`}
          headers={["Offer", "Provider", "Category", "Monthly price", "Key details"]}
          row={(entry) => (
            <tr>
              <td>
                <a href={`${path}/${entry.id}`}>{entry.name}</a>
              </td>
              <td>{entry.providerName}</td>
              <td>{SERVICE_TYPE_LABELS[entry.serviceType] ?? entry.serviceType}</td>
              <td>{monthly(entry.monthlyPrice)}</td>
              <td>{keyDetails(entry)}</td>
            </tr>
          )}
        />
      )}
    </Layout>
  );
}

/** An offer of the catalog: what resellers may see and sell of it. */
export function CatalogOfferPage(props: { ctx: PageContext; entry: CatalogEntry }) {
  const { ctx, entry } = props;
  const team = ctx.team as Team;
  const teamPath = `${ctx.base}/teams/${team.id}`;
  const net = entry.internet;
  const power = entry.electricity;
  return (
    <Layout ctx={ctx} title={entry.name} current="catalog">
      <p>
        <a href={`${teamPath}/reseller/catalog`}>Catalog</a>
      </p>
      <h1>{entry.name}</h1>
      {entry.marketingHeadline ? <p class="lead">{entry.marketingHeadline}</p> : null}
      {entry.description ? <p>{entry.description}</p> : null}
      <dl class="facts">
        <dt>Provider</dt>
        <dd>{entry.providerName}</dd>
        <dt>Category</dt>
        <dd>{SERVICE_TYPE_LABELS[entry.serviceType] ?? entry.serviceType}</dd>
        <dt>Monthly price</dt>
        <dd>{monthly(entry.monthlyPrice)}</dd>
        <dt>Promotional price</dt>
        <dd>
          {entry.promoMonthlyPrice
            ? `${monthly(entry.promoMonthlyPrice)}${entry.promoDurationMonths ? ` for ${entry.promoDurationMonths} months` : ""}`
            : "—"}
        </dd>
        <dt>Contract term</dt>
        <dd>{entry.contractTermMonths ? `${entry.contractTermMonths} months` : "None stated"}</dd>
        <dt>Your commission</dt>
        <dd>{entry.commission ? `$${entry.commission} per accepted item` : "—"}</dd>
        <dt>Signup</dt>
        <dd>
          {entry.partnerSignup
            ? "Partner signup: the customer finishes signing up on the provider's site"
            : "Ordered here"}
        </dd>
        {net ? (
          <>
            <dt>Speed</dt>
            <dd>
              {net.downloadSpeedMbps !== null ? `${net.downloadSpeedMbps} Mbps down` : "—"}
              {net.uploadSpeedMbps !== null ? `, ${net.uploadSpeedMbps} Mbps up` : ""}
            </dd>
            <dt>Connection</dt>
            <dd>{net.connectionType ? (CONNECTION_LABELS[net.connectionType] ?? net.connectionType) : "—"}</dd>
            <dt>Data cap</dt>
            <dd>{net.dataCapGb !== null ? `${net.dataCapGb} GB a month` : "Unlimited or not stated"}</dd>
          </>
        ) : null}
        {power ? (
          <>
            <dt>Rate</dt>
            <dd>
              {power.ratePerKwh !== null ? `$${power.ratePerKwh} per kWh` : "—"}
              {power.rateType ? `, ${power.rateType}` : ""}
            </dd>
            <dt>Renewable share</dt>
            <dd>{power.renewablePercent !== null ? `${power.renewablePercent}%` : "—"}</dd>
            <dt>Rate term</dt>
            <dd>{power.termMonths !== null ? `${power.termMonths} months` : "—"}</dd>
          </>
        ) : null}
        <dt>Published</dt>
        <dd>
          <When at={entry.publishedAt} />
        </dd>
        <dt>Offer id</dt>
        <dd>
          <code>{entry.id}</code>
        </dd>
      </dl>
      {canWork(ctx.member as Member) ? (
        <p>
          <a
            class="button"
            href={`${withQuery(`${teamPath}/reseller/storefront`, { offerIds: entry.id })}#field-offerIds`}
          >
            Create a shareable link
          </a>
        </p>
      ) : (
        <p class="muted">Your role can see the catalog; an owner or operations member creates shareable links.</p>
      )}
    </Layout>
  );
}

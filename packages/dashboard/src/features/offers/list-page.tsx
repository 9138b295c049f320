/**
 * The provider's offers table: the team's offers newest first, filtered by status, service type,
 * brand, market and a search term (the core's filters), 25 per keyset page, each linking to its
 * editor.
 *
 * @module
 */

import {
  type Brand,
  type MarketName,
  type Member,
  OFFER_STATUSES,
  type Offer,
  SERVICE_TYPES,
  type Team,
} from "@marketplace/core";
import type { OfferListFilters } from "@marketplace/core/offers";
import { describedBy, FieldFrame, FormError, type FormState } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { KeysetTable } from "../../ui/table.tsx";
import { canWork, monthly } from "../workspaces/shared.tsx";
import { SERVICE_TYPE_LABELS } from "./offer-form.ts";

/** Offer statuses as people read them. */
export const OFFER_STATUS_LABELS: Record<string, string> = { draft: "Draft", active: "Published" };

function Select(props: {
  name: string;
  label: string;
  value: string | undefined;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
}) {
  const id = `filter-${props.name}`;
  return (
    <FieldFrame id={id} label={props.label} error={props.error}>
      <select
        id={id}
        name={props.name}
        aria-invalid={props.error ? "true" : undefined}
        aria-describedby={describedBy(id, { error: props.error })}
      >
        <option value="">Any</option>
        {props.options.map((option) => (
          <option value={option.value} selected={option.value === props.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** The offers table with its filters. */
export function OffersPage(props: {
  ctx: PageContext;
  offers: Offer[];
  brands: Brand[];
  markets: MarketName[];
  filters: OfferListFilters;
  form: FormState;
  first: string;
  next: string | null;
  onFirst: boolean;
  notice?: string | undefined;
}) {
  const { ctx, offers, form } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/provider/offers`;
  const writer = canWork(ctx.member as Member);
  const typed = form.values;
  const brandNames = new Map(props.brands.map((brand) => [brand.id, brand.name]));
  const filtered = Object.keys(props.filters).length > 0;
  return (
    <Layout ctx={ctx} title="Offers" current="offers">
      <h1>Offers</h1>
      <Notice text={props.notice} />
      <FormError form={form} />
      {writer ? (
        <p class="actions">
          <a class="button" href={`${path}/new`}>
            New offer
          </a>
          <a class="button secondary" href={`${path}/bulk`}>
            Bulk CSV upload and update
          </a>
        </p>
      ) : null}
      <form method="get" action={path} class="filters" aria-label="Filter offers">
        <Select
          name="status"
          label="Status"
          value={typed.status}
          error={form.errors.status}
          options={OFFER_STATUSES.map((value) => ({ value, label: OFFER_STATUS_LABELS[value] ?? value }))}
        />
        <Select
          name="serviceType"
          label="Service type"
          value={typed.serviceType}
          error={form.errors.serviceType}
          options={SERVICE_TYPES.map((value) => ({ value, label: SERVICE_TYPE_LABELS[value] }))}
        />
        <Select
          name="brandId"
          label="Brand"
          value={typed.brandId}
          error={form.errors.brandId}
          options={props.brands.map((brand) => ({ value: brand.id, label: brand.name }))}
        />
        <Select
          name="marketId"
          label="Market"
          value={typed.marketId}
          error={form.errors.marketId}
          options={props.markets.map((market) => ({ value: market.id, label: market.name }))}
        />
        <FieldFrame id="filter-search" label="Search" error={form.errors.search}>
          <input
            id="filter-search"
            name="search"
            type="search"
            value={typed.search}
            aria-invalid={form.errors.search ? "true" : undefined}
            aria-describedby={describedBy("filter-search", { error: form.errors.search })}
          />
        </FieldFrame>
        <button type="submit">Filter</button>
        {filtered ? <a href={path}>Clear the filters</a> : null}
      </form>
      <KeysetTable
        page={props}
        rows={offers}
        empty={filtered ? "No offer matches these filters." : "No offers yet."}
        more="No more offers."
        caption={`${filtered ? "Offers matching the filters" : "Every offer"}, newest first`}
        headers={["Name", "SKU", "Service", "Brand", "Price", "Status", "Created"]}
        row={(offer) => (
          <tr>
            <td>
              <a href={`${path}/${offer.id}`}>{offer.name}</a>
            </td>
            <td>{offer.sku ? <code>{offer.sku}</code> : <span class="muted">none</span>}</td>
            <td>{SERVICE_TYPE_LABELS[offer.serviceType]}</td>
            <td>{offer.brandId ? (brandNames.get(offer.brandId) ?? offer.brand?.name ?? "—") : "—"}</td>
            <td>{monthly(offer.monthlyPrice)}</td>
            <td>
              <span class={`badge offer-${offer.status}`}>{OFFER_STATUS_LABELS[offer.status]}</span>
            </td>
            <td>
              <When at={offer.createdAt} />
            </td>
          </tr>
        )}
      />
    </Layout>
  );
}

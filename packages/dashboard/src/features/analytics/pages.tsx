/**
 * The analytics page of one side (provider or reseller): its views (live or training orders, and
 * for a hybrid team both sides), the quick ranges, the form of range, zone, granularity and filters,
 * then the figures, or the problems beside the fields.
 *
 * @module
 */

import {
  type Brand,
  type Market,
  type ProviderAnalytics,
  type ResellerAnalytics,
  SERVICE_TYPES,
  type Team,
} from "@marketplace/core";
import { describedBy, Field, FieldFrame, type FormState } from "../../ui/form.tsx";
import { Layout, type PageContext, When } from "../../ui/layout.tsx";
import { ProviderFiguresView, ResellerFiguresView } from "./figures.tsx";
import { type AnalyticsSide, isCalendarDate, matchingPreset, PRESETS, presetRange, queryString } from "./query.ts";

/** What the page shows. */
export interface AnalyticsPageProps {
  ctx: PageContext;
  side: AnalyticsSide;
  /** The sides the team has (both for a hybrid team). */
  sides: readonly AnalyticsSide[];
  form: FormState;
  /** The figures, or null when the query has problems. */
  answer: ProviderAnalytics | ResellerAnalytics | null;
  /** The same query by month, for the data table of a long range by day (see tableByMonth). */
  table?: ProviderAnalytics | ResellerAnalytics | null;
  now: number;
  brands: readonly Brand[];
  markets: readonly Market[];
}

const SIDE_LABELS: Record<AnalyticsSide, string> = { provider: "As a provider", reseller: "As a reseller" };

const SERVICE_LABELS: Record<string, string> = {
  internet: "Internet",
  electricity: "Electricity",
  natural_gas: "Natural gas",
  tv: "TV",
  mobile: "Mobile",
  home_security: "Home security",
};

/** A labelled select with its error, keeping what was chosen. */
function SelectField(props: {
  form: FormState;
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const { form, name } = props;
  const error = form.errors[name];
  const id = `field-${name}`;
  const value = form.values[name] ?? "";
  const known = props.options.some((option) => option.value === value);
  return (
    <FieldFrame id={id} label={props.label} error={error}>
      <select
        id={id}
        name={name}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={describedBy(id, { error })}
      >
        {props.options.map((option) => (
          <option value={option.value} selected={option.value === value}>
            {option.label}
          </option>
        ))}
        {known ? null : (
          <option value={value} selected>
            {value}
          </option>
        )}
      </select>
    </FieldFrame>
  );
}

function Filters(props: {
  side: AnalyticsSide;
  form: FormState;
  brands: readonly Brand[];
  markets: readonly Market[];
}) {
  const { form } = props;
  if (props.side === "provider") {
    return (
      <>
        <SelectField
          form={form}
          name="serviceType"
          label="Service type"
          options={[
            { value: "", label: "All service types" },
            ...SERVICE_TYPES.map((t) => ({ value: t, label: SERVICE_LABELS[t] ?? t })),
          ]}
        />
        <SelectField
          form={form}
          name="brand"
          label="Brand"
          options={[{ value: "", label: "All brands" }, ...props.brands.map((b) => ({ value: b.id, label: b.name }))]}
        />
        <SelectField
          form={form}
          name="market"
          label="Market"
          options={[{ value: "", label: "All markets" }, ...props.markets.map((m) => ({ value: m.id, label: m.name }))]}
        />
        <Field form={form} name="offer" label="Offer id" required={false} hint="Or select an offer under Top offers." />
      </>
    );
  }
  return (
    <>
      <Field form={form} name="storefront" label="Storefront id" required={false} hint="Or select it in the table." />
      <Field form={form} name="link" label="Link id" required={false} hint="Or select it in the table." />
      <Field form={form} name="provider" label="Provider team id" required={false} />
    </>
  );
}

/** The analytics page. */
export function AnalyticsPage(props: AnalyticsPageProps) {
  const { ctx, side, form, answer } = props;
  const team = ctx.team as Team;
  const base = `${ctx.base}/teams/${team.id}/analytics`;
  const path = `${base}/${side}`;
  const values = form.values;
  const training = values.training === "only";
  const zone = answer?.timeZone ?? "UTC";
  const current = answer ? matchingPreset(answer.from, answer.to, props.now, zone) : null;
  const title = props.sides.length > 1 ? `Analytics: ${side} figures` : "Analytics";
  const csv = `${path}/export.csv?${queryString(values)}`;
  const dateType = (name: string) => (values[name] === undefined || isCalendarDate(values[name]) ? "date" : "text");
  return (
    <Layout ctx={ctx} title={title} current="analytics">
      <h1>{title}</h1>
      {props.sides.length > 1 ? (
        <nav class="tabs" aria-label="Side of the team">
          {props.sides.map((s) => (
            <a
              href={`${base}/${s}?${queryString(values, clearFilters(side))}`}
              aria-current={s === side ? "page" : undefined}
            >
              {SIDE_LABELS[s]}
            </a>
          ))}
        </nav>
      ) : null}
      <nav class="tabs" aria-label="Orders counted">
        <a href={`${path}?${queryString(values, { training: null })}`} aria-current={training ? undefined : "page"}>
          Live orders
        </a>
        <a href={`${path}?${queryString(values, { training: "only" })}`} aria-current={training ? "page" : undefined}>
          Training orders
        </a>
      </nav>
      {training ? (
        <p class="notice" data-view="training">
          Only <strong>training orders</strong> are counted here, so you can see that your training works. They are
          never part of the live figures. Clicks are live traffic and are not counted in this view.
        </p>
      ) : (
        <p class="muted" data-view="live">
          Training orders and orders deleted by their reseller are not counted. Each order counts in the period it was
          placed, with its status now.
        </p>
      )}
      <nav aria-label="Quick ranges">
        <ul class="presets">
          {PRESETS.map((preset) => (
            <li>
              <a
                href={`${path}?${queryString(values, presetRange(preset.id, props.now, zone))}`}
                aria-current={preset.id === current ? "true" : undefined}
              >
                {preset.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form method="get" action={path} class="filters analytics-form" aria-label="Range and filters">
        {training ? <input type="hidden" name="training" value="only" /> : null}
        <Field form={form} name="from" label="From" type={dateType("from")} />
        <Field form={form} name="to" label="To (inclusive)" type={dateType("to")} />
        <Field form={form} name="timeZone" label="Time zone" hint="Decides what a day is, e.g. Europe/Paris." />
        <SelectField
          form={form}
          name="granularity"
          label="Periods"
          options={[
            { value: "day", label: "Days" },
            { value: "week", label: "Weeks (Monday to Sunday)" },
            { value: "month", label: "Months" },
          ]}
        />
        <Filters side={side} form={form} brands={props.brands} markets={props.markets} />
        {form.errors.form ? <p class="error">{form.errors.form}</p> : null}
        <div>
          <button type="submit">Show figures</button>
        </div>
      </form>
      {answer ? (
        <>
          <p class="muted">
            {`${answer.from} to ${answer.to}, days in ${answer.timeZone}. Figures include every change up to `}
            <When at={new Date(answer.asOf)} />.{" "}
            <a href={csv} download>
              Download these figures as CSV
            </a>
          </p>
          {side === "provider" ? (
            <ProviderFiguresView
              answer={answer as ProviderAnalytics}
              table={props.table as ProviderAnalytics | null | undefined}
              csv={csv}
              path={path}
              values={values}
            />
          ) : (
            <ResellerFiguresView
              answer={answer as ResellerAnalytics}
              table={props.table as ResellerAnalytics | null | undefined}
              csv={csv}
              path={path}
              values={values}
            />
          )}
        </>
      ) : (
        <p class="notice bad" role="alert">
          The figures cannot be shown for this query: correct the fields marked above.
        </p>
      )}
    </Layout>
  );
}

/** Filters of the other side, dropped when switching sides. */
function clearFilters(side: AnalyticsSide): Record<string, null> {
  const names = side === "provider" ? ["offer", "brand", "market", "serviceType"] : ["storefront", "link", "provider"];
  return Object.fromEntries(names.map((name) => [name, null]));
}

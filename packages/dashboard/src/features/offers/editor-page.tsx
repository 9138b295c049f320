/**
 * The offer editor: one form in the spec's editor sections (general, pricing, internet details,
 * electricity details, partner signup), each field with the core's problem from the last save and,
 * for a draft, what the core's publish-readiness rules still need, shown before Publish is pressed.
 *
 * @module
 */

import { type Brand, type MarketName, type Member, type Offer, SERVICE_TYPES, type Team } from "@marketplace/core";
import { CONNECTION_TYPES, RATE_TYPES } from "@marketplace/core/offers";
import type { Child } from "hono/jsx";
import { FormError, type FormState } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { canWork } from "../workspaces/shared.tsx";
import { OFFER_STATUS_LABELS } from "./list-page.tsx";
import { FIELD_LABELS, SECTION_TITLES, SERVICE_TYPE_LABELS } from "./offer-form.ts";

/** What the editor shows: typed values, save errors, and readiness notes by field. */
export interface EditorState extends FormState {
  marketIds: string[];
  /** What publishing still needs, by field (drafts). */
  needed: Record<string, string>;
}

const fieldId = (name: string) => `offer-${name.replace(/\./g, "-")}`;

/** Hint, save error and readiness note of a field, and the ids that describe it. */
function Notes(props: { state: EditorState; name: string; hint?: string | undefined }) {
  const { state, name } = props;
  const id = fieldId(name);
  const error = state.errors[name];
  const needed = state.needed[name];
  return (
    <>
      {props.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p class="error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      {needed && needed !== error ? (
        <p class="needed" id={`${id}-needed`}>
          <strong>To publish:</strong> {needed}
        </p>
      ) : null}
    </>
  );
}

function described(state: EditorState, name: string, hint?: string) {
  const id = fieldId(name);
  const ids = [hint ? `${id}-hint` : null, state.errors[name] ? `${id}-error` : null];
  if (state.needed[name] && state.needed[name] !== state.errors[name]) ids.push(`${id}-needed`);
  return ids.filter(Boolean).join(" ") || undefined;
}

function Input(props: {
  state: EditorState;
  name: string;
  type?: string;
  hint?: string;
  required?: boolean;
  inputmode?: "numeric" | "decimal";
}) {
  const { state, name } = props;
  return (
    <div class="field">
      <label for={fieldId(name)}>{FIELD_LABELS[name]}</label>
      <Notes state={state} name={name} hint={props.hint} />
      <input
        id={fieldId(name)}
        name={name}
        type={props.type ?? "text"}
        inputmode={props.inputmode}
        required={props.required}
        value={state.values[name] ?? ""}
        aria-invalid={state.errors[name] || state.needed[name] ? "true" : undefined}
        aria-describedby={described(state, name, props.hint)}
      />
    </div>
  );
}

function Choice(props: {
  state: EditorState;
  name: string;
  options: readonly { value: string; label: string }[];
  empty?: string;
  hint?: string;
}) {
  const { state, name } = props;
  return (
    <div class="field">
      <label for={fieldId(name)}>{FIELD_LABELS[name]}</label>
      <Notes state={state} name={name} hint={props.hint} />
      <select
        id={fieldId(name)}
        name={name}
        aria-invalid={state.errors[name] || state.needed[name] ? "true" : undefined}
        aria-describedby={described(state, name, props.hint)}
      >
        {props.empty !== undefined ? <option value="">{props.empty}</option> : null}
        {props.options.map((option) => (
          <option value={option.value} selected={option.value === state.values[name]}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Section(props: { id: keyof typeof SECTION_TITLES | "handoff"; title?: string; children?: Child }) {
  return (
    <fieldset class="section" id={`section-${props.id}`}>
      <legend>{props.title ?? SECTION_TITLES[props.id as keyof typeof SECTION_TITLES]}</legend>
      {props.children}
    </fieldset>
  );
}

const money = { inputmode: "decimal" as const, hint: "Dollars and cents, e.g. 49.99" };

/** The editor's form (new or existing offer). */
function EditorForm(props: {
  action: string;
  state: EditorState;
  brands: Brand[];
  markets: MarketName[];
  creating: boolean;
  readOnly?: boolean;
}) {
  const { state } = props;
  const type = state.values.serviceType ?? "";
  const show = (kind: string) => props.creating || type === kind;
  return (
    <form method="post" action={props.action} class="editor" novalidate>
      <fieldset class="plain" disabled={props.readOnly}>
        <Section id="general">
          <Input state={state} name="name" required />
          <Input
            state={state}
            name="sku"
            hint="Your own code for the offer; unique in your team. Bulk updates find offers by it."
          />
          <Choice
            state={state}
            name="serviceType"
            options={SERVICE_TYPES.map((value) => ({ value, label: SERVICE_TYPE_LABELS[value] }))}
          />
          <Input state={state} name="marketingHeadline" />
          <div class="field">
            <label for={fieldId("description")}>{FIELD_LABELS.description}</label>
            <Notes state={state} name="description" />
            <textarea
              id={fieldId("description")}
              name="description"
              aria-invalid={state.errors.description ? "true" : undefined}
              aria-describedby={described(state, "description")}
            >
              {state.values.description ?? ""}
            </textarea>
          </div>
          <Choice
            state={state}
            name="brandId"
            empty="No brand (your team's name is shown)"
            options={props.brands.map((brand) => ({ value: brand.id, label: brand.name }))}
          />
          <fieldset class="choices" aria-describedby={described(state, "marketIds")}>
            <legend>{FIELD_LABELS.marketIds}</legend>
            <Notes
              state={state}
              name="marketIds"
              hint={props.markets.length === 0 ? "Your team has no markets yet." : undefined}
            />
            {props.markets.map((market) => (
              <label class="check">
                <input
                  type="checkbox"
                  name="marketIds"
                  value={market.id}
                  checked={state.marketIds.includes(market.id)}
                />{" "}
                {market.name}
              </label>
            ))}
          </fieldset>
        </Section>
        <Section id="pricing">
          <Input state={state} name="monthlyPrice" {...money} />
          <Input state={state} name="promoMonthlyPrice" {...money} />
          <Input state={state} name="promoDurationMonths" inputmode="numeric" />
          <Input
            state={state}
            name="contractTermMonths"
            inputmode="numeric"
            hint="Leave empty when there is no contract."
          />
          <Input state={state} name="commission" {...money} hint="What a reseller earns per accepted item." />
        </Section>
        {show("internet") ? (
          <Section id="internetDetails" title={props.creating ? "Internet details (internet offers only)" : undefined}>
            <Input state={state} name="internet.downloadSpeedMbps" inputmode="numeric" />
            <Input state={state} name="internet.uploadSpeedMbps" inputmode="numeric" />
            <Choice
              state={state}
              name="internet.connectionType"
              empty="Not stated"
              options={CONNECTION_TYPES.map((value) => ({ value, label: value.replace(/_/g, " ") }))}
            />
            <Input state={state} name="internet.dataCapGb" inputmode="numeric" hint="Leave empty for no cap." />
          </Section>
        ) : null}
        {show("electricity") ? (
          <Section
            id="electricityDetails"
            title={props.creating ? "Electricity details (electricity offers only)" : undefined}
          >
            <Input
              state={state}
              name="electricity.ratePerKwh"
              inputmode="decimal"
              hint="Up to four decimals, e.g. 0.1425"
            />
            <Choice
              state={state}
              name="electricity.rateType"
              empty="Not stated"
              options={RATE_TYPES.map((value) => ({ value, label: value }))}
            />
            <Input state={state} name="electricity.renewablePercent" inputmode="numeric" />
            <Input state={state} name="electricity.termMonths" inputmode="numeric" />
          </Section>
        ) : null}
        <Section id="partnerSignup" title="Partner signup and order handoff">
          <Input
            state={state}
            name="partnerSignup.signupUrlTemplate"
            type="url"
            hint="Fill in for a lead-generation offer: an https address containing {orderItemId}."
          />
          <Input state={state} name="submissionUrl" type="url" hint="Where orders are sent (https)." />
        </Section>
      </fieldset>
      {props.readOnly ? null : <button type="submit">{props.creating ? "Create the draft" : "Save"}</button>}
    </form>
  );
}

/** A summary of what publishing needs, each linking to its field. */
function Readiness({ needed }: { needed: Record<string, string> }) {
  const entries = Object.entries(needed);
  if (entries.length === 0) return <p class="done">Ready to publish: every publish rule is met.</p>;
  return (
    <section class="notice bad" aria-labelledby="readiness-title">
      <h2 id="readiness-title">Before you can publish</h2>
      <ul>
        {entries.map(([field, text]) => (
          <li>
            <a href={`#${fieldId(field)}`}>{text}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The new-offer page. */
export function NewOfferPage(props: { ctx: PageContext; state: EditorState; brands: Brand[]; markets: MarketName[] }) {
  const { ctx } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/offers`;
  return (
    <Layout ctx={ctx} title="New offer" current="offers">
      <p>
        <a href={path}>Offers</a>
      </p>
      <h1>New offer</h1>
      <p class="muted">The offer is saved as a draft. Its page then shows what publishing still needs.</p>
      <FormError form={props.state} />
      <EditorForm action={`${path}/new`} state={props.state} brands={props.brands} markets={props.markets} creating />
    </Layout>
  );
}

/** An offer's page: its editor, what publishing needs, and Publish, Duplicate, Delete. */
export function OfferPage(props: {
  ctx: PageContext;
  offer: Offer;
  state: EditorState;
  brands: Brand[];
  markets: MarketName[];
  notice?: string | undefined;
}) {
  const { ctx, offer, state } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/offers/${offer.id}`;
  const writer = canWork(ctx.member as Member);
  return (
    <Layout ctx={ctx} title={offer.name} current="offers">
      <p>
        <a href={`${ctx.base}/teams/${(ctx.team as Team).id}/provider/offers`}>Offers</a>
      </p>
      <h1>{offer.name}</h1>
      <p>
        <span class={`badge offer-${offer.status}`}>{OFFER_STATUS_LABELS[offer.status]}</span>{" "}
        <span class="muted">
          Updated <When at={offer.updatedAt} />
          {offer.publishedAt ? (
            <>
              , first published <When at={offer.publishedAt} />
            </>
          ) : null}
        </span>
      </p>
      <Notice text={props.notice} />
      <FormError form={state} />
      {offer.status === "draft" ? <Readiness needed={state.needed} /> : null}
      {writer ? (
        <div class="actions">
          {offer.status === "draft" ? (
            <form method="post" action={`${path}/publish`} class="inline">
              <button type="submit">Publish</button>
            </form>
          ) : null}
          <form method="post" action={`${path}/duplicate`} class="inline">
            <button type="submit" class="secondary">
              Duplicate
            </button>
          </form>
          <a class="button danger" href={`${path}/delete`}>
            Delete…
          </a>
        </div>
      ) : null}
      {writer ? null : <p class="muted">Your role can read offers but not change them.</p>}
      <EditorForm
        action={path}
        state={state}
        brands={props.brands}
        markets={props.markets}
        creating={false}
        readOnly={!writer}
      />
    </Layout>
  );
}

/** The confirmation before deleting an offer (works without script). */
export function DeleteOfferPage(props: { ctx: PageContext; offer: Offer }) {
  const { ctx, offer } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/offers/${offer.id}`;
  return (
    <Layout ctx={ctx} title={`Delete ${offer.name}`} current="offers">
      <h1>Delete “{offer.name}”?</h1>
      <p>
        The offer disappears from your lists and from the resellers' catalog at once. Orders already placed keep what
        was ordered. This cannot be undone.
      </p>
      <div class="actions">
        <form method="post" action={`${path}/delete`} class="inline">
          <button type="submit" class="danger">
            Delete the offer
          </button>
        </form>
        <a href={path}>Keep it</a>
      </div>
    </Layout>
  );
}

/**
 * The provider's markets pages: the list with each market's area count, and a market's page with
 * its ZIP areas, each removable on its own or ticked and removed together, one added at a time or
 * many pasted at once.
 *
 * @module
 */

import type { Market, Member, Team } from "@marketplace/core";
import { Field, FieldFrame, FormError, type FormState } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext } from "../../ui/layout.tsx";
import { KeysetTable } from "../../ui/table.tsx";
import { canWork } from "../workspaces/shared.tsx";

/** Most ZIP codes one paste adds. */
export const BULK_AREAS_MAX = 1000;

export function MarketsPage(props: {
  ctx: PageContext;
  markets: Market[];
  form: FormState;
  first: string;
  next: string | null;
  onFirst: boolean;
  notice?: string | undefined;
}) {
  const { ctx } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/markets`;
  return (
    <Layout ctx={ctx} title="Markets" current="markets">
      <h1>Markets</h1>
      <Notice text={props.notice} />
      <p class="muted">An offer linked to markets is shown only to customers in their areas (ZIP codes).</p>
      <KeysetTable
        page={props}
        rows={props.markets}
        empty="No markets yet."
        more="No more markets."
        caption="Your markets, newest first"
        headers={["Name", "ZIP areas"]}
        row={(market) => (
          <tr>
            <td>
              <a href={`${path}/${market.id}`}>{market.name}</a>
            </td>
            <td>{market.areas.length}</td>
          </tr>
        )}
      />
      {canWork(ctx.member as Member) ? (
        <section aria-labelledby="new-market">
          <h2 id="new-market">New market</h2>
          <FormError form={props.form} />
          <form method="post" action={path} class="stack">
            <Field form={props.form} name="name" label="Name" hint="Unique in your team, whatever the case." />
            <button type="submit">Create the market</button>
          </form>
        </section>
      ) : null}
    </Layout>
  );
}

/** What the market page's forms show: the rename, the one-area add and the paste. */
export interface MarketForms {
  rename: FormState;
  area: FormState;
  bulk: FormState;
}

export function MarketPage(props: {
  ctx: PageContext;
  market: Market;
  forms: MarketForms;
  notice?: string | undefined;
}) {
  const { ctx, market, forms } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/markets/${market.id}`;
  const writer = canWork(ctx.member as Member);
  const bulkError = forms.bulk.errors.zips;
  const areas = [...market.areas].sort((a, b) => a.value.localeCompare(b.value));
  return (
    <Layout ctx={ctx} title={market.name} current="markets">
      <p>
        <a href={`${ctx.base}/teams/${(ctx.team as Team).id}/provider/markets`}>Markets</a>
      </p>
      <h1>{market.name}</h1>
      <Notice text={props.notice} />
      <FormError form={forms.rename} />
      <h2 id="areas-title">ZIP areas ({areas.length})</h2>
      {areas.length === 0 ? (
        <p>No areas yet: an offer linked only to this market is shown nowhere.</p>
      ) : (
        <form method="post" action={`${path}/areas/remove`} aria-labelledby="areas-title">
          <ul class="areas">
            {areas.map((area) => (
              <li>
                {writer ? (
                  <label class="check">
                    <input type="checkbox" name="areaIds" value={area.id} /> <code>{area.value}</code>
                  </label>
                ) : (
                  <code>{area.value}</code>
                )}
                {writer ? (
                  <button
                    type="submit"
                    class="link"
                    formaction={`${path}/areas/${area.id}/delete`}
                    aria-label={`Remove ${area.value}`}
                  >
                    Remove
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {writer ? (
            <button type="submit" class="secondary">
              Remove the ticked areas
            </button>
          ) : null}
        </form>
      )}
      {writer ? (
        <>
          <div class="actions">
            <form method="post" action={`${path}/areas`} class="stack">
              <FormError form={forms.area} />
              <Field form={forms.area} name="value" label="Add a ZIP code" hint="Five digits, e.g. 78701." />
              <button type="submit">Add the area</button>
            </form>
            <form method="post" action={`${path}/areas/bulk`} class="stack">
              <FieldFrame
                id="field-zips"
                label="Add many ZIP codes"
                hint={`Paste up to ${BULK_AREAS_MAX} codes separated by spaces, commas or line breaks.`}
                error={bulkError}
              >
                <textarea
                  id="field-zips"
                  name="zips"
                  aria-invalid={bulkError ? "true" : undefined}
                  aria-describedby={bulkError ? "field-zips-hint field-zips-error" : "field-zips-hint"}
                >
                  {forms.bulk.values.zips ?? ""}
                </textarea>
              </FieldFrame>
              <button type="submit">Add the areas</button>
            </form>
          </div>
          <h2>Rename or delete</h2>
          <form method="post" action={path} class="stack">
            <Field form={forms.rename} name="name" label="Name" />
            <button type="submit">Rename</button>
          </form>
          <form
            method="post"
            action={`${path}/delete`}
            class="inline"
            data-confirm={`Delete the market ${market.name}?`}
          >
            <button type="submit" class="danger">
              Delete the market
            </button>
          </form>
        </>
      ) : null}
    </Layout>
  );
}

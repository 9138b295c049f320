/**
 * The provider's brands: a list with each logo's preview, and a brand's page to rename it, change
 * its logo (previewed as saved) or delete it. The core's problems are shown beside their fields; a
 * name taken in the team is shown on the name field, a brand still used by offers says so.
 *
 * Logos are https URLs of the provider's choosing: the brands pages (only they, see
 * `BRAND_LOGO_ROUTE` and the frame's CSP) allow `img-src https:`, and each preview is loaded with
 * no referrer.
 *
 * @module
 */

import { type Brand, ConflictError, InvalidInputError, type Member, type Team } from "@marketplace/core";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit, PageStatus } from "../../kit.tsx";
import { EMPTY_FORM, Field, FormError, type FormState } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext } from "../../ui/layout.tsx";
import { KeysetTable } from "../../ui/table.tsx";
import { badCursor, canWork, keysetRows, pageOf, requireWork } from "../workspaces/shared.tsx";

/** The brands pages, whose CSP allows https images (the logo previews). */
export const BRAND_LOGO_ROUTE = /\/teams\/[^/]+\/provider\/brands(\/[^/]+)?$/;

const NOTICES: Record<string, string> = {
  created: "The brand is created.",
  saved: "The brand is saved.",
  deleted: "The brand is deleted.",
};

/** The core's brand problems in words, by field. */
function brandErrors(problems: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const [field = "name", ...rest] = problem.split(" ");
    const label = field === "logoUrl" ? "The logo URL" : "The name";
    errors[field] ??= `${label} ${rest.join(" ")}.`;
  }
  return errors;
}

function Logo({ brand }: { brand: Pick<Brand, "name" | "logoUrl"> }) {
  if (!brand.logoUrl) return <span class="muted">No logo</span>;
  return (
    <img
      class="logo"
      src={brand.logoUrl}
      alt={`Logo of ${brand.name}`}
      width="48"
      height="48"
      referrerpolicy="no-referrer"
    />
  );
}

function BrandForm(props: { action: string; form: FormState; button: string }) {
  return (
    <form method="post" action={props.action} class="stack">
      <Field form={props.form} name="name" label="Name" hint="Unique in your team, whatever the case." />
      <Field
        form={props.form}
        name="logoUrl"
        label="Logo URL"
        type="url"
        required={false}
        hint="An https address of the image; leave empty for no logo."
      />
      <button type="submit">{props.button}</button>
    </form>
  );
}

function BrandsPage(props: {
  ctx: PageContext;
  brands: Brand[];
  form: FormState;
  first: string;
  next: string | null;
  onFirst: boolean;
  notice?: string | undefined;
}) {
  const { ctx } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/brands`;
  return (
    <Layout ctx={ctx} title="Brands" current="brands">
      <h1>Brands</h1>
      <Notice text={props.notice} />
      <p class="muted">Offers display their brand's name and logo instead of your team's name.</p>
      <KeysetTable
        page={props}
        rows={props.brands}
        empty="No brands yet."
        more="No more brands."
        caption="Your brands, newest first"
        headers={["Logo", "Name"]}
        row={(brand) => (
          <tr>
            <td>
              <Logo brand={brand} />
            </td>
            <td>
              <a href={`${path}/${brand.id}`}>{brand.name}</a>
            </td>
          </tr>
        )}
      />
      {canWork(ctx.member as Member) ? (
        <section aria-labelledby="new-brand">
          <h2 id="new-brand">New brand</h2>
          <FormError form={props.form} />
          <BrandForm action={path} form={props.form} button="Create the brand" />
        </section>
      ) : null}
    </Layout>
  );
}

function BrandPage(props: { ctx: PageContext; brand: Brand; form: FormState; notice?: string | undefined }) {
  const { ctx, brand } = props;
  const path = `${ctx.base}/teams/${(ctx.team as Team).id}/provider/brands`;
  return (
    <Layout ctx={ctx} title={brand.name} current="brands">
      <p>
        <a href={path}>Brands</a>
      </p>
      <h1>{brand.name}</h1>
      <Notice text={props.notice} />
      <p>
        <Logo brand={brand} />
      </p>
      {canWork(ctx.member as Member) ? (
        <>
          <FormError form={props.form} />
          <BrandForm action={`${path}/${brand.id}`} form={props.form} button="Save" />
          <h2>Delete</h2>
          <form
            method="post"
            action={`${path}/${brand.id}/delete`}
            class="inline"
            data-confirm={`Delete the brand ${brand.name}?`}
          >
            <button type="submit" class="danger">
              Delete the brand
            </button>
          </form>
        </>
      ) : null}
    </Layout>
  );
}

/** Registers `/teams/:teamId/provider/brands…`. */
export function registerBrands(app: DashboardApp, kit: Kit): void {
  const listPath = (c: Context<Env>) => kit.teamPath(kit.teamOf(c), "/provider/brands");

  const list = async (c: Context<Env>, form: FormState = EMPTY_FORM, status: PageStatus = 200) => {
    const cursor = c.req.query("cursor");
    const page = pageOf("brands", cursor);
    if (!page) return badCursor(kit, c, listPath(c));
    const listed = keysetRows(await kit.marketplace.brands.list(kit.principal(c), page), listPath(c), {}, cursor);
    return kit.render(
      c,
      <BrandsPage
        ctx={kit.pageContext(c)}
        brands={listed.rows}
        form={form}
        {...listed.page}
        notice={NOTICES[c.req.query("notice") ?? ""]}
      />,
      status,
    );
  };

  const brandPage = async (c: Context<Env>, brand: Brand, form?: FormState, status: PageStatus = 200) =>
    kit.render(
      c,
      <BrandPage
        ctx={kit.pageContext(c)}
        brand={brand}
        form={form ?? { values: { name: brand.name, logoUrl: brand.logoUrl ?? "" }, errors: {} }}
        notice={NOTICES[c.req.query("notice") ?? ""]}
      />,
      status,
    );

  /** A refused save: the core's problem beside its field (422), a taken name on the name field (409). */
  const refused = (error: unknown, values: Record<string, string>): [FormState, PageStatus] | null => {
    if (InvalidInputError.isInstance(error)) return [{ values, errors: brandErrors(error.problems) }, 422];
    if (ConflictError.isInstance(error)) {
      return [{ values, errors: { name: "Your team has a brand of this name already. Choose another name." } }, 409];
    }
    return null;
  };
  const input = (values: Record<string, string>) => ({
    name: values.name ?? "",
    logoUrl: values.logoUrl ? values.logoUrl : null,
  });

  app.get("/teams/:teamId/provider/brands", (c) => list(c));

  app.post("/teams/:teamId/provider/brands", async (c) => {
    requireWork(kit, c);
    const values = await kit.form(c);
    try {
      const brand = await kit.marketplace.brands.create(kit.principal(c), input(values));
      return c.redirect(`${listPath(c)}/${brand.id}?notice=created`, 303);
    } catch (error) {
      const shown = refused(error, values);
      if (!shown) throw error;
      return list(c, ...shown);
    }
  });

  const load = (c: Context<Env>) => kit.marketplace.brands.get(kit.principal(c), c.req.param("brandId") ?? "");

  app.get("/teams/:teamId/provider/brands/:brandId", async (c) => brandPage(c, await load(c)));

  app.post("/teams/:teamId/provider/brands/:brandId", async (c) => {
    requireWork(kit, c);
    const brand = await load(c);
    const values = await kit.form(c);
    try {
      await kit.marketplace.brands.update(kit.principal(c), brand.id, input(values));
      return c.redirect(`${listPath(c)}/${brand.id}?notice=saved`, 303);
    } catch (error) {
      const shown = refused(error, values);
      if (!shown) throw error;
      return brandPage(c, brand, ...shown);
    }
  });

  app.post("/teams/:teamId/provider/brands/:brandId/delete", async (c) => {
    requireWork(kit, c);
    const brand = await load(c);
    try {
      await kit.marketplace.brands.delete(kit.principal(c), brand.id);
      return c.redirect(`${listPath(c)}?notice=deleted`, 303);
    } catch (error) {
      if (!ConflictError.isInstance(error)) throw error;
      const formError = `${error.message}. Nothing was deleted.`;
      return brandPage(
        c,
        brand,
        { values: { name: brand.name, logoUrl: brand.logoUrl ?? "" }, errors: {}, formError },
        409,
      );
    }
  });
}

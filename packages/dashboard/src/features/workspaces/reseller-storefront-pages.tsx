/**
 * The reseller's storefront and links page, and its customers page.
 *
 * @module
 */

import {
  CUSTOMER_KINDS,
  type Customer,
  type CustomerKind,
  type Member,
  type ShareableLink,
  type Storefront,
  type Team,
} from "@marketplace/core";
import { Field, FieldFrame, FormError, type FormState, SelectFilter } from "../../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../../ui/layout.tsx";
import { KeysetTable } from "../../ui/table.tsx";
import { canWork } from "./shared.tsx";

/** A link's public address: where consumers see its offers (`GET /public/links/{slug}`). */
export function linkUrl(publicOrigin: string, slug: string): string {
  return `${publicOrigin}/public/links/${slug}`;
}

/** The storefront's address, the team's links, and the forms that change them. */
export function StorefrontPage(props: {
  ctx: PageContext;
  storefront: Storefront | null;
  links: ShareableLink[];
  publicOrigin: string;
  storefrontForm: FormState;
  linkForm: FormState;
  first: string;
  next: string | null;
  onFirst: boolean;
  notice?: string | undefined;
}) {
  const { ctx, storefront, links, linkForm } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/reseller/storefront`;
  const writer = canWork(ctx.member as Member);
  const storefrontForm: FormState =
    props.storefrontForm.values.slug === undefined && storefront
      ? { ...props.storefrontForm, values: { slug: storefront.slug } }
      : props.storefrontForm;
  const offerIdsError = linkForm.errors.offerIds;
  return (
    <Layout ctx={ctx} title="Storefront and links" current="storefront">
      <h1>Storefront and links</h1>
      <Notice text={props.notice} />
      <h2>Storefront</h2>
      <p>
        {storefront ? (
          <>
            Your storefront's address is <code>{storefront.slug}</code>: consumers' checkout orders name it (
            <code>POST /public/shop/orders</code>).
          </>
        ) : (
          "Your team has no storefront yet. Choose its address to open it."
        )}
      </p>
      {writer ? (
        <form method="post" action={path} class="stack" novalidate>
          <FormError form={storefrontForm} />
          <Field
            form={storefrontForm}
            name="slug"
            label="Storefront address"
            hint="3 to 63 lowercase letters, digits and hyphens, e.g. austin-fiber-deals. A new address replaces the old one at once."
          />
          <div>
            <button type="submit">{storefront ? "Change the address" : "Open the storefront"}</button>
          </div>
        </form>
      ) : null}
      <h2>Shareable links</h2>
      <p class="muted">
        A link shows a fixed set of offers that consumers can order. Share its public address; delete it to take it
        down.
      </p>
      <KeysetTable
        page={props}
        rows={links}
        empty="No links yet."
        more="No more links."
        caption="Your links, newest first"
        headers={["Name", "Public address", "Offers", "Created", writer ? "Actions" : null]}
        row={(link) => {
          const label = link.name ?? link.slug;
          return (
            <tr>
              <td>{link.name ?? <span class="muted">no name</span>}</td>
              <td>
                <div class="secret">
                  <code class="url" id={`link-${link.slug}`}>
                    {linkUrl(props.publicOrigin, link.slug)}
                  </code>
                  <button
                    type="button"
                    class="secondary"
                    data-copy={`link-${link.slug}`}
                    aria-label={`Copy the address of ${label}`}
                    hidden
                  >
                    Copy
                  </button>
                </div>
                <p class="muted" id={`link-${link.slug}-status`} role="status"></p>
              </td>
              <td>{link.offerIds.length}</td>
              <td>
                <When at={link.createdAt} />
              </td>
              {writer ? (
                <td>
                  <form
                    method="post"
                    action={`${path}/links/${link.id}/delete`}
                    class="inline"
                    data-confirm={`Delete the link ${label}? Its public page stops working at once.`}
                  >
                    <button type="submit" class="danger" aria-label={`Delete link ${label}`}>
                      Delete
                    </button>
                  </form>
                </td>
              ) : null}
            </tr>
          );
        }}
      />
      {writer ? (
        <>
          <h3>Create a link</h3>
          <form method="post" action={`${path}/links`} class="stack" novalidate>
            <FormError form={linkForm} />
            <Field
              form={linkForm}
              name="name"
              label="Name (optional)"
              hint="Your own label, never shown to consumers."
              required={false}
            />
            <FieldFrame
              id="field-offerIds"
              label="Offer ids"
              hint="One active offer id per line (up to 20), in the order consumers see them; find them in the catalog."
              error={offerIdsError}
            >
              <textarea
                id="field-offerIds"
                name="offerIds"
                required
                aria-invalid={offerIdsError ? "true" : undefined}
                aria-describedby={offerIdsError ? "field-offerIds-hint field-offerIds-error" : "field-offerIds-hint"}
              >
                {linkForm.values.offerIds ?? ""}
              </textarea>
            </FieldFrame>
            <div>
              <button type="submit">Create link</button>
            </div>
          </form>
        </>
      ) : (
        <p>Your role can see the storefront and links but not change them.</p>
      )}
    </Layout>
  );
}

const KIND_LABELS: Record<CustomerKind, string> = { residential: "Residential", business: "Business" };

/** The reseller's customers, newest first, by kind. */
export function ResellerCustomersPage(props: {
  ctx: PageContext;
  customers: Customer[];
  kind: CustomerKind | null;
  first: string;
  next: string | null;
  onFirst: boolean;
}) {
  const { ctx, customers } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/reseller/customers`;
  return (
    <Layout ctx={ctx} title="Customers" current="reseller-customers">
      <h1>Customers</h1>
      <p class="muted">The people your team ordered for (training orders create none), newest first.</p>
      <SelectFilter
        action={path}
        name="kind"
        label="Kind"
        selected={props.kind}
        options={[
          { value: "", label: "Every kind" },
          ...CUSTOMER_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] })),
        ]}
      />
      <KeysetTable
        page={props}
        rows={customers}
        empty="No customers here yet."
        more="No more customers."
        caption={props.kind ? `${KIND_LABELS[props.kind]} customers` : "Customers"}
        headers={["Name", "E-mail", "Phone", "Kind", "Since"]}
        row={(customer) => (
          <tr>
            <td>{customer.name}</td>
            <td>{customer.email}</td>
            <td>{customer.phone}</td>
            <td>{KIND_LABELS[customer.kind]}</td>
            <td>
              <When at={customer.createdAt} />
            </td>
          </tr>
        )}
      />
    </Layout>
  );
}

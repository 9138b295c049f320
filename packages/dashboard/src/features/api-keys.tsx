/**
 * Team settings: API keys, created, rolled and revoked as Stripe does them.
 *
 * @module
 */

import {
  type ApiKey,
  InvalidInputError,
  type Member,
  memberCan,
  type Team,
  UnprocessableError,
} from "@marketplace/core";
import type { ApiKeyRollOverlap } from "@marketplace/core/members";
import type { Context } from "hono";
import type { Child } from "hono/jsx";
import type { DashboardApp, Env, Kit } from "../kit.tsx";
import { EMPTY_FORM, Field, FormError, type FormState, fieldErrors, ShownOnce } from "../ui/form.tsx";
import { Layout, Notice, type PageContext, When } from "../ui/layout.tsx";
import { Table } from "../ui/table.tsx";

/** Registers `/teams/:teamId/api-keys` and its actions. */
export function registerApiKeys(app: DashboardApp, kit: Kit): void {
  // API keys
  const keysPage = async (
    c: Context<Env>,
    extra: { form?: FormState; shown?: ShownKey; notice?: string } = {},
    status: 200 | 400 | 422 = 200,
  ) => {
    const keys = await kit.marketplace.apiKeys.list(kit.teamOf(c).id, kit.caller(c));
    return kit.render(
      c,
      <ApiKeysPage
        ctx={kit.pageContext(c)}
        keys={keys}
        form={extra.form ?? EMPTY_FORM}
        shown={extra.shown}
        notice={extra.notice}
        now={new Date()}
      />,
      status,
    );
  };

  app.get("/teams/:teamId/api-keys", (c) => keysPage(c));

  app.post("/teams/:teamId/api-keys", async (c) => {
    const values = await kit.form(c);
    const name = (values.name ?? "").trim();
    if (name === "") {
      return keysPage(
        c,
        { form: { values, errors: { name: "Give the key a name, so you know later what uses it." } } },
        400,
      );
    }
    try {
      const issued = await kit.marketplace.apiKeys.create(kit.teamOf(c).id, { name }, kit.caller(c));
      // The key is in this response's body only: never in a URL, a redirect or a log line.
      return keysPage(c, { shown: { key: issued.key, name: issued.name } });
    } catch (error) {
      if (InvalidInputError.isInstance(error)) {
        return keysPage(c, { form: { values, errors: fieldErrors(error.problems) } }, 400);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/api-keys/:keyId/roll", async (c) => {
    const values = await kit.form(c);
    const overlap = (values.overlap ?? "") as ApiKeyRollOverlap;
    if (!["now", "1h", "24h", "7d"].includes(overlap)) {
      return keysPage(
        c,
        { form: { values: {}, errors: {}, formError: "Choose how long the old key keeps working." } },
        400,
      );
    }
    try {
      const rolled = await kit.marketplace.apiKeys.roll(kit.teamOf(c).id, c.req.param("keyId"), overlap, kit.caller(c));
      return keysPage(c, {
        shown: {
          key: rolled.issued.key,
          name: rolled.issued.name,
          rolledFrom: { prefix: rolled.previous.prefix, expiresAt: rolled.previous.expiresAt ?? null },
        },
      });
    } catch (error) {
      if (UnprocessableError.isInstance(error)) {
        return keysPage(c, { form: { values: {}, errors: {}, formError: `${error.message}.` } }, 422);
      }
      throw error;
    }
  });

  app.post("/teams/:teamId/api-keys/:keyId/revoke", async (c) => {
    const key = await kit.marketplace.apiKeys.revoke(kit.teamOf(c).id, c.req.param("keyId"), kit.caller(c));
    return keysPage(c, { notice: `The key ${key.prefix}… is revoked: the API refuses it from now on.` });
  });
}

function keyStatus(key: ApiKey, now: Date): Child {
  if (key.revokedAt)
    return (
      <>
        Revoked <When at={key.revokedAt} />
      </>
    );
  if (key.expiresAt && key.expiresAt <= now)
    return (
      <>
        Expired <When at={key.expiresAt} />
      </>
    );
  if (key.expiresAt)
    return (
      <>
        Active until <When at={key.expiresAt} />
      </>
    );
  return "Active";
}

/** A key just issued (created or rolled), shown once. */
export interface ShownKey {
  key: string;
  name: string | null;
  rolledFrom?: { prefix: string; expiresAt: Date | null };
}

/** Team settings: API keys. */
export function ApiKeysPage(props: {
  ctx: PageContext;
  keys: ApiKey[];
  form: FormState;
  shown?: ShownKey;
  notice?: string;
  now: Date;
}) {
  const { ctx, keys, form, now } = props;
  const team = ctx.team as Team;
  const canManage = memberCan((ctx.member as Member).role, "manage_api_keys");
  const keysBase = `${ctx.base}/teams/${team.id}/api-keys`;
  return (
    <Layout ctx={ctx} title="API keys" current="keys">
      <h1>API keys</h1>
      <p class="muted">
        Keys let your systems call the API as this team. Send one in the <code>x-api-key</code> header. Keys made here,
        by the operator and by the command line are all listed.
      </p>
      {props.shown ? (
        <ShownOnce
          id="new-key"
          title={props.shown.rolledFrom ? "Your new key (rolled)" : "Your new key"}
          secret={props.shown.key}
        >
          <p>
            Copy it now and keep it somewhere safe: <strong>it will not be shown again.</strong>
            {props.shown.rolledFrom ? (
              <>
                {" "}
                The old key {props.shown.rolledFrom.prefix}…{" "}
                {props.shown.rolledFrom.expiresAt && props.shown.rolledFrom.expiresAt > now ? (
                  <>
                    keeps working until <When at={props.shown.rolledFrom.expiresAt} />.
                  </>
                ) : (
                  "no longer works."
                )}
              </>
            ) : null}
          </p>
        </ShownOnce>
      ) : null}
      <Notice text={props.notice} />
      {canManage ? (
        <>
          <h2>Create a key</h2>
          <FormError form={form} />
          <form method="post" action={keysBase} class="stack" novalidate>
            <Field form={form} name="name" label="Name" hint="What the key is for, e.g. “production” or “CI”." />
            <div>
              <button type="submit">Create key</button>
            </div>
          </form>
        </>
      ) : (
        <p>Your role can see the keys but not change them.</p>
      )}
      <h2>Keys</h2>
      <Table
        caption="The team's keys, newest first"
        headers={["Name", "Key", "Created by", "Created", "Last used", "Status", canManage ? "Actions" : null]}
      >
        {keys.map((key) => {
          const active = !key.revokedAt && !(key.expiresAt && key.expiresAt <= now);
          const label = key.name ?? key.prefix;
          return (
            <tr>
              <td>{key.name ?? <span class="muted">no name</span>}</td>
              <td>
                <code>{key.prefix}…</code>
              </td>
              <td>{key.createdBy ?? <span class="muted">unknown</span>}</td>
              <td>
                <When at={key.createdAt} />
              </td>
              <td>
                <When at={key.lastUsedAt} />
              </td>
              <td>{keyStatus(key, now)}</td>
              {canManage ? (
                <td>
                  {active ? (
                    <>
                      <form method="post" action={`${keysBase}/${key.id}/roll`} class="inline">
                        <label for={`overlap-${key.id}`}>Old key works for</label>
                        <select id={`overlap-${key.id}`} name="overlap">
                          <option value="now">no time (stops now)</option>
                          <option value="1h">1 hour</option>
                          <option value="24h" selected>
                            24 hours
                          </option>
                          <option value="7d">7 days</option>
                        </select>
                        <button type="submit" class="secondary" aria-label={`Roll key ${label}`}>
                          Roll
                        </button>
                      </form>
                      <form
                        method="post"
                        action={`${keysBase}/${key.id}/revoke`}
                        class="inline"
                        data-confirm={`Revoke the key ${label}? Systems using it stop working at once.`}
                      >
                        <button type="submit" class="danger" aria-label={`Revoke key ${label}`}>
                          Revoke
                        </button>
                      </form>
                    </>
                  ) : null}
                </td>
              ) : null}
            </tr>
          );
        })}
      </Table>
    </Layout>
  );
}

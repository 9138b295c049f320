/**
 * The dashboard's pages: server-rendered components over plain data (the routes do the I/O).
 *
 * @module
 */

import type {
  ApiKey,
  AuditEntry,
  AuditFilter,
  Invite,
  Member,
  MemberRole,
  MemberSession,
  OpenInvite,
  Team,
} from "@marketplace/core";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, MEMBER_ROLES, MIN_PASSWORD_LENGTH, memberCan } from "@marketplace/core";
import type { Child } from "hono/jsx";
import { SCRIPT_ASSET, STYLESHEET_ASSET } from "./assets.ts";

/** What every page knows: where the dashboard is mounted, the CSP nonce, who is signed in. */
export interface PageContext {
  /** The dashboard's path prefix, e.g. `/dashboard` (empty at the root). */
  base: string;
  nonce: string;
  member: Member | null;
  team: Team | null;
}

/** Values typed into a form and the problems found with them, by field name. */
export interface FormState {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** A problem of the whole form (not one field). */
  formError?: string;
}

/** An empty form. */
export const EMPTY_FORM: FormState = { values: {}, errors: {} };

const ROLE_LABELS: Record<MemberRole, string> = {
  owner: "Owner",
  developer: "Developer",
  operations: "Operations",
  viewer: "Viewer",
};

const ROLE_HINTS: Record<MemberRole, string> = {
  owner: "everything, including members",
  developer: "API keys and webhooks",
  operations: "offers, orders and customers",
  viewer: "read-only",
};

const ACTION_LABELS: Record<string, string> = {
  "member.signed_in": "Signed in",
  "member.sign_in_failed": "Failed sign-in",
  "member.signed_out": "Signed out",
  "member.signed_out_everywhere": "Signed out everywhere",
  "member.password_changed": "Changed password",
  "member.invited": "Invited a member",
  "member.invite_revoked": "Withdrew an invite",
  "member.joined": "Joined the team",
  "member.role_changed": "Changed a role",
  "member.removed": "Removed a member",
  "api_key.created": "Created an API key",
  "api_key.rolled": "Rolled an API key",
  "api_key.revoked": "Revoked an API key",
};

/** A time as people read it, in UTC, inside a machine-readable `<time>`. */
function When({ at }: { at: Date | null | undefined }) {
  if (!at) return <span class="muted">never</span>;
  const text = `${at.toISOString().slice(0, 16).replace("T", " ")} UTC`;
  return <time datetime={at.toISOString()}>{text}</time>;
}

type Section = "home" | "keys" | "members" | "audit" | "account" | null;

function Nav({ ctx, current }: { ctx: PageContext; current: Section }) {
  if (!ctx.member || !ctx.team) return null;
  const teamBase = `${ctx.base}/teams/${ctx.team.id}`;
  const items: [Section, string, string][] = [["home", `${teamBase}`, "Home"]];
  items.push(["keys", `${teamBase}/api-keys`, "API keys"]);
  items.push(["members", `${teamBase}/members`, "Members"]);
  if (memberCan(ctx.member.role, "view_audit_log")) items.push(["audit", `${teamBase}/audit-log`, "Audit log"]);
  items.push(["account", `${ctx.base}/account`, "Your account"]);
  return (
    <nav class="main" aria-label="Dashboard">
      <ul>
        {items.map(([section, href, label]) => (
          <li>
            <a href={href} aria-current={section === current ? "page" : undefined}>
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The frame of every page. */
export function Layout(props: { ctx: PageContext; title: string; current?: Section; children?: Child }) {
  const { ctx, title } = props;
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="referrer" content="same-origin" />
        <title>{`${title} · Marketplace dashboard`}</title>
        <link rel="stylesheet" href={`${ctx.base}/assets/${STYLESHEET_ASSET.file}`} />
        <script src={`${ctx.base}/assets/${SCRIPT_ASSET.file}`} nonce={ctx.nonce} defer></script>
      </head>
      <body>
        <a class="skip" href="#content">
          Skip to content
        </a>
        <header class="top">
          <a class="brand" href={ctx.team ? `${ctx.base}/teams/${ctx.team.id}` : `${ctx.base}/`}>
            {ctx.team ? ctx.team.name : "Marketplace"}
          </a>
          <Nav ctx={ctx} current={props.current ?? null} />
          {ctx.member ? (
            <form method="post" action={`${ctx.base}/sign-out`} class="inline">
              <span class="muted">{ctx.member.email}</span>
              <button type="submit" class="secondary">
                Sign out
              </button>
            </form>
          ) : null}
        </header>
        <main id="content">{props.children}</main>
      </body>
    </html>
  );
}

function Field(props: {
  form: FormState;
  name: string;
  label: string;
  type?: string;
  autocomplete?: string;
  hint?: string;
  required?: boolean;
  keep?: boolean;
}) {
  const { form, name } = props;
  const error = form.errors[name];
  const id = `field-${name}`;
  const described = [props.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div class="field">
      <label for={id}>{props.label}</label>
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
      <input
        id={id}
        name={name}
        type={props.type ?? "text"}
        autocomplete={props.autocomplete}
        required={props.required ?? true}
        value={props.keep === false ? undefined : form.values[name]}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={described || undefined}
      />
    </div>
  );
}

function FormError({ form }: { form: FormState }) {
  if (!form.formError) return null;
  return (
    <div class="notice bad" role="alert">
      {form.formError}
    </div>
  );
}

function RoleSelect(props: { id: string; name: string; selected?: string; label?: string }) {
  return (
    <select id={props.id} name={props.name} aria-label={props.label}>
      {MEMBER_ROLES.map((role) => (
        <option value={role} selected={role === props.selected}>
          {`${ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`}
        </option>
      ))}
    </select>
  );
}

/** A secret shown once, with a copy button. */
function ShownOnce(props: { id: string; title: string; secret: string; children?: Child }) {
  return (
    <section class="notice" aria-labelledby={`${props.id}-title`}>
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.children}
      <div class="secret">
        <code id={props.id}>{props.secret}</code>
        <button type="button" class="secondary" data-copy={props.id} hidden>
          Copy
        </button>
      </div>
      <p class="muted" id={`${props.id}-status`} role="status"></p>
    </section>
  );
}

/** Sign-in. */
export function SignInPage(props: { ctx: PageContext; form: FormState; notice?: string }) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Sign in">
      <h1>Sign in</h1>
      {props.notice ? (
        <div class="notice" role="status">
          {props.notice}
        </div>
      ) : null}
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/sign-in`} class="stack" novalidate>
        <Field form={form} name="email" label="E-mail address" type="email" autocomplete="username" />
        <Field
          form={form}
          name="password"
          label="Password"
          type="password"
          autocomplete="current-password"
          keep={false}
        />
        <div>
          <button type="submit">Sign in</button>
        </div>
      </form>
      <p class="muted">No account yet? Ask an owner of your team to invite you.</p>
    </Layout>
  );
}

/** Accepting an invite: choose a password. */
export function InvitePage(props: { ctx: PageContext; invite: OpenInvite; form: FormState }) {
  const { ctx, invite, form } = props;
  return (
    <Layout ctx={ctx} title="Join your team">
      <h1>{`Join ${invite.teamName}`}</h1>
      <p>
        You were invited as <strong>{ROLE_LABELS[invite.role]}</strong> ({ROLE_HINTS[invite.role]}) with the e-mail
        address <strong>{invite.email}</strong>. Choose a password to finish.
      </p>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/invite`} class="stack" novalidate>
        <input type="hidden" name="email" value={invite.email} autocomplete="username" />
        <Field
          form={form}
          name="password"
          label="Password"
          type="password"
          autocomplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a good one.`}
          keep={false}
        />
        <Field
          form={form}
          name="confirm"
          label="Password again"
          type="password"
          autocomplete="new-password"
          keep={false}
        />
        <div>
          <button type="submit">Join the team</button>
        </div>
      </form>
    </Layout>
  );
}

/** A page that only says something (not found, forbidden, try again). */
export function MessagePage(props: { ctx: PageContext; title: string; children?: Child }) {
  return (
    <Layout ctx={props.ctx} title={props.title}>
      <h1>{props.title}</h1>
      {props.children}
    </Layout>
  );
}

/** What the home page knows of the team's progress. */
export interface HomeFacts {
  activeKeys: number;
  webhooks: number | null;
  members: number;
}

/** A team's home: what to do next. */
export function HomePage(props: { ctx: PageContext; facts: HomeFacts; apiDocsUrl: string }) {
  const { ctx, facts } = props;
  const team = ctx.team as Team;
  const member = ctx.member as Member;
  const teamBase = `${ctx.base}/teams/${team.id}`;
  const kind = team.role === "hybrid" ? "provider and reseller" : team.role;
  const steps: { done: boolean; body: Child }[] = [
    {
      done: facts.activeKeys > 0,
      body: (
        <>
          <a href={`${teamBase}/api-keys`}>Create an API key</a> for your systems to call the API.
        </>
      ),
    },
    {
      done: facts.webhooks !== null && facts.webhooks > 0,
      body: (
        <>
          Register a webhook to hear of orders and changes (
          <code>POST /{team.role === "reseller" ? "reseller" : "provider"}/webhooks</code> in the{" "}
          <a href={props.apiDocsUrl}>API reference</a>).
        </>
      ),
    },
  ];
  if (team.role !== "reseller") {
    steps.push({
      done: false,
      body: (
        <>
          Publish an offer: create it with <code>POST /provider/offers</code>, then publish it, so resellers see it in
          the catalog.
        </>
      ),
    });
  }
  if (team.role !== "provider") {
    steps.push({
      done: false,
      body: (
        <>
          Browse the catalog (<code>GET /reseller/catalog</code>) and share offers through your storefront.
        </>
      ),
    });
  }
  if (memberCan(member.role, "manage_members")) {
    steps.push({
      done: facts.members > 1,
      body: (
        <>
          <a href={`${teamBase}/members`}>Invite your colleagues</a>, each with the role they need.
        </>
      ),
    });
  }
  return (
    <Layout ctx={ctx} title="Home" current="home">
      <h1>{team.name}</h1>
      <p class="muted">
        A {kind} team. You are signed in as {ROLE_LABELS[member.role]} ({ROLE_HINTS[member.role]}).
      </p>
      <h2>What to do next</h2>
      <ol class="steps">
        {steps.map((step) => (
          <li>
            {step.done ? <span class="done">Done: </span> : null}
            {step.body}
          </li>
        ))}
      </ol>
    </Layout>
  );
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
      {props.notice ? (
        <div class="notice" role="status">
          {props.notice}
        </div>
      ) : null}
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
      <div class="table-wrap">
        <table>
          <caption class="muted">The team's keys, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Created by</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              {canManage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
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
          </tbody>
        </table>
      </div>
    </Layout>
  );
}

/** Team settings: members and invites. */
export function MembersPage(props: {
  ctx: PageContext;
  members: Member[];
  invites: Invite[] | null;
  form: FormState;
  inviteUrl?: string;
  notice?: string;
}) {
  const { ctx, form } = props;
  const team = ctx.team as Team;
  const me = ctx.member as Member;
  const canManage = memberCan(me.role, "manage_members");
  const teamBase = `${ctx.base}/teams/${team.id}`;
  return (
    <Layout ctx={ctx} title="Members" current="members">
      <h1>Members</h1>
      {props.inviteUrl ? (
        <ShownOnce id="invite-link" title="Invite link" secret={props.inviteUrl}>
          <p>
            Send this link to the person you invited. It works once, for 72 hours.{" "}
            <strong>It is not shown again.</strong>
          </p>
        </ShownOnce>
      ) : null}
      {props.notice ? (
        <div class="notice" role="status">
          {props.notice}
        </div>
      ) : null}
      <FormError form={form} />
      <div class="table-wrap">
        <table>
          <caption class="muted">People who can sign in to this team</caption>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
              {canManage ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {props.members.map((member) => (
              <tr>
                <td>
                  {member.email}
                  {member.id === me.id ? <span class="muted"> (you)</span> : null}
                </td>
                <td>{ROLE_LABELS[member.role]}</td>
                <td>
                  <When at={member.createdAt} />
                </td>
                {canManage ? (
                  <td>
                    <form method="post" action={`${teamBase}/members/${member.id}/role`} class="inline">
                      <RoleSelect
                        id={`role-${member.id}`}
                        name="role"
                        selected={member.role}
                        label={`Role of ${member.email}`}
                      />
                      <button type="submit" class="secondary" aria-label={`Change role of ${member.email}`}>
                        Change role
                      </button>
                    </form>
                    <form
                      method="post"
                      action={`${teamBase}/members/${member.id}/remove`}
                      class="inline"
                      data-confirm={`Remove ${member.email} from the team? They are signed out at once.`}
                    >
                      <button type="submit" class="danger" aria-label={`Remove ${member.email}`}>
                        Remove
                      </button>
                    </form>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {canManage ? (
        <>
          <h2>Invite someone</h2>
          <form method="post" action={`${teamBase}/invites`} class="stack" novalidate>
            <Field form={form} name="email" label="E-mail address" type="email" autocomplete="off" />
            <div class="field">
              <label for="invite-role">Role</label>
              <RoleSelect id="invite-role" name="role" selected={form.values.role ?? "developer"} />
            </div>
            <div>
              <button type="submit">Create invite link</button>
            </div>
          </form>
          {props.invites && props.invites.length > 0 ? (
            <>
              <h2>Open invites</h2>
              <div class="table-wrap">
                <table>
                  <caption class="muted">Invites not used yet</caption>
                  <thead>
                    <tr>
                      <th scope="col">E-mail</th>
                      <th scope="col">Role</th>
                      <th scope="col">Invited by</th>
                      <th scope="col">Expires</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {props.invites.map((invite) => (
                      <tr>
                        <td>{invite.email}</td>
                        <td>{ROLE_LABELS[invite.role]}</td>
                        <td>{invite.invitedBy}</td>
                        <td>
                          <When at={invite.expiresAt} />
                        </td>
                        <td>
                          <form method="post" action={`${teamBase}/invites/${invite.id}/revoke`} class="inline">
                            <button type="submit" class="danger" aria-label={`Withdraw the invite of ${invite.email}`}>
                              Withdraw
                            </button>
                          </form>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : null}
        </>
      ) : null}
    </Layout>
  );
}

/** The audit log with filters. */
export function AuditLogPage(props: {
  ctx: PageContext;
  entries: AuditEntry[];
  filter: AuditFilter;
  nextCursor: string | null;
}) {
  const { ctx, filter } = props;
  const team = ctx.team as Team;
  const path = `${ctx.base}/teams/${team.id}/audit-log`;
  const next = new URLSearchParams();
  if (filter.action) next.set("action", filter.action);
  if (filter.actorType) next.set("actor", filter.actorType);
  if (props.nextCursor) next.set("cursor", props.nextCursor);
  return (
    <Layout ctx={ctx} title="Audit log" current="audit">
      <h1>Audit log</h1>
      <p class="muted">
        Every security-relevant action of the team, newest first. Entries cannot be changed or deleted.
      </p>
      <form method="get" action={path} class="filters">
        <div class="field">
          <label for="filter-action">Action</label>
          <select id="filter-action" name="action">
            <option value="">All actions</option>
            {AUDIT_ACTIONS.map((action) => (
              <option value={action} selected={action === filter.action}>
                {ACTION_LABELS[action] ?? action}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-actor">Done by</label>
          <select id="filter-actor" name="actor">
            <option value="">Anyone</option>
            {AUDIT_ACTOR_TYPES.map((type) => (
              <option value={type} selected={type === filter.actorType}>
                {type === "member" ? "A member" : type === "api_key" ? "An API key" : "The operator"}
              </option>
            ))}
          </select>
        </div>
        <div>
          <button type="submit" class="secondary">
            Filter
          </button>
        </div>
      </form>
      {props.entries.length === 0 ? (
        <p>Nothing recorded{filter.action || filter.actorType ? " for this filter" : ""} yet.</p>
      ) : (
        <div class="table-wrap">
          <table>
            <caption class="muted">Audit entries</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">To what</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {props.entries.map((entry) => (
                <tr>
                  <td>
                    <When at={entry.createdAt} />
                  </td>
                  <td>
                    {entry.actor.label}
                    {entry.actor.type === "api_key" ? <span class="muted"> (API key)</span> : null}
                  </td>
                  <td>
                    {ACTION_LABELS[entry.action] ?? entry.action}
                    {entry.detail ? <div class="muted">{entry.detail}</div> : null}
                  </td>
                  <td>{entry.target?.label ?? ""}</td>
                  <td>
                    {entry.ip ?? <span class="muted">unknown</span>}
                    {entry.userAgent ? <div class="muted">{browserName(entry.userAgent)}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {props.nextCursor ? (
        <p>
          <a href={`${path}?${next.toString()}`}>Older entries</a>
        </p>
      ) : null}
    </Layout>
  );
}

/** A short name for a user agent ("Chrome on Linux"), or the first words of it. */
export function browserName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? "Edge"
    : /Firefox\//.test(userAgent)
      ? "Firefox"
      : /Chrom(e|ium)\//.test(userAgent)
        ? "Chrome"
        : /Safari\//.test(userAgent)
          ? "Safari"
          : null;
  const system = /Windows/.test(userAgent)
    ? "Windows"
    : /Android/.test(userAgent)
      ? "Android"
      : /iPhone|iPad/.test(userAgent)
        ? "iOS"
        : /Mac OS X/.test(userAgent)
          ? "macOS"
          : /Linux/.test(userAgent)
            ? "Linux"
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}

/** The member's own account: password and sessions. */
export function AccountPage(props: {
  ctx: PageContext;
  sessions: MemberSession[];
  currentSessionId: string;
  form: FormState;
  notice?: string;
}) {
  const { ctx, form } = props;
  return (
    <Layout ctx={ctx} title="Your account" current="account">
      <h1>Your account</h1>
      {props.notice ? (
        <div class="notice" role="status">
          {props.notice}
        </div>
      ) : null}
      <h2>Change your password</h2>
      <FormError form={form} />
      <form method="post" action={`${ctx.base}/account/password`} class="stack" novalidate>
        <input type="hidden" name="email" value={(ctx.member as Member).email} autocomplete="username" />
        <Field
          form={form}
          name="current"
          label="Current password"
          type="password"
          autocomplete="current-password"
          keep={false}
        />
        <Field
          form={form}
          name="next"
          label="New password"
          type="password"
          autocomplete="new-password"
          hint={`At least ${MIN_PASSWORD_LENGTH} characters. Your other sessions end when it changes.`}
          keep={false}
        />
        <div>
          <button type="submit">Change password</button>
        </div>
      </form>
      <h2>Where you are signed in</h2>
      <div class="table-wrap">
        <table>
          <caption class="muted">Your active sessions, most recent first</caption>
          <thead>
            <tr>
              <th scope="col">Browser</th>
              <th scope="col">Address</th>
              <th scope="col">Signed in</th>
              <th scope="col">Last active</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {props.sessions.map((session) => (
              <tr>
                <td>
                  {session.userAgent ? browserName(session.userAgent) : "unknown"}
                  {session.id === props.currentSessionId ? <span class="muted"> (this browser)</span> : null}
                </td>
                <td>{session.ip ?? "unknown"}</td>
                <td>
                  <When at={session.createdAt} />
                </td>
                <td>
                  <When at={session.lastSeenAt} />
                </td>
                <td>
                  {session.id === props.currentSessionId ? null : (
                    <form method="post" action={`${ctx.base}/account/sessions/${session.id}/end`} class="inline">
                      <button type="submit" class="secondary" aria-label="Sign out this session">
                        Sign out
                      </button>
                    </form>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <form
        method="post"
        action={`${ctx.base}/account/sign-out-everywhere`}
        data-confirm="Sign out on every browser, this one included?"
      >
        <p>
          <button type="submit" class="danger">
            Sign out everywhere
          </button>
        </p>
      </form>
    </Layout>
  );
}

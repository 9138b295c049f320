/**
 * The team's audit log, with filters.
 *
 * @module
 */

import { type AuditEntry, type AuthenticatedSession, PermissionError, pageRequest, type Team } from "@marketplace/core";
import { AUDIT_ACTIONS, AUDIT_ACTOR_TYPES, type AuditActorType, type AuditFilter } from "@marketplace/core/audit-log";
import type { DashboardApp, Kit } from "../kit.tsx";
import { browserName } from "../ui/form.tsx";
import { Layout, type PageContext, When } from "../ui/layout.tsx";
import { OlderLink, Table } from "../ui/table.tsx";

/** Registers `/teams/:teamId/audit-log`. */
export function registerAuditLog(app: DashboardApp, kit: Kit): void {
  // Audit log
  app.get("/teams/:teamId/audit-log", async (c) => {
    const me = (c.get("auth") as AuthenticatedSession).member;
    if (me.role !== "owner" && me.role !== "developer") throw new PermissionError("audit log");
    const action = c.req.query("action") ?? "";
    const actor = c.req.query("actor") ?? "";
    const filter: AuditFilter = {
      ...((AUDIT_ACTIONS as readonly string[]).includes(action) && { action: action as AuditFilter["action"] }),
      ...((AUDIT_ACTOR_TYPES as readonly string[]).includes(actor) && { actorType: actor as AuditActorType }),
    };
    let page: ReturnType<typeof pageRequest>;
    try {
      page = pageRequest("audit_log", { limit: 50, cursor: c.req.query("cursor") || undefined });
    } catch {
      page = pageRequest("audit_log", { limit: 50 });
    }
    const result = await kit.marketplace.members.auditLog(kit.teamOf(c).id, filter, page);
    const entries = Array.isArray(result) ? result : result.data;
    const nextCursor = Array.isArray(result) ? null : result.nextCursor;
    return kit.render(
      c,
      <AuditLogPage ctx={kit.pageContext(c)} entries={entries} filter={filter} nextCursor={nextCursor} />,
    );
  });
}

/** What each audited action is called on the page. */
export const ACTION_LABELS: Record<string, string> = {
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
  "order.deleted": "Deleted an order",
  "webhook.created": "Added a webhook endpoint",
  "webhook.updated": "Changed a webhook endpoint",
  "webhook.deleted": "Deleted a webhook endpoint",
  "webhook.secret_rotated": "Rotated a webhook secret",
  "webhook.resent": "Resent a webhook event",
  "webhook.recovery_started": "Started a webhook recovery",
  "webhook.test_sent": "Sent a webhook test event",
  "webhook.secret_viewed": "Viewed a webhook's secret again",
};

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
        <Table caption="Audit entries" headers={["When", "Who", "What", "To what", "From"]}>
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
        </Table>
      )}
      <OlderLink href={props.nextCursor ? `${path}?${next.toString()}` : null}>Older entries</OlderLink>
    </Layout>
  );
}

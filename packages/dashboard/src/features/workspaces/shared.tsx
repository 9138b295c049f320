/**
 * What the provider and reseller workspaces share: which side a team works on, who may change
 * things, status words and badges, keyset pages (their links: `Pager` of ui/table.tsx), and the
 * notices shown after an action.
 *
 * @module
 */

import {
  type Member,
  memberCan,
  type OrderItemStatus,
  type OrderStatus,
  type Page,
  type PageRequest,
  PermissionError,
  pageRequest,
  type Team,
} from "@marketplace/core";
import type { Context } from "hono";
import type { DashboardApp, Env, Kit } from "../../kit.tsx";
import type { KeysetPage } from "../../ui/table.tsx";

/** A side of the marketplace a team works on. */
export type Side = "provider" | "reseller";

/** True when the team works on this side (a hybrid team works on both). */
export function teamHas(team: Pick<Team, "role">, side: Side): boolean {
  return team.role === "hybrid" || team.role === side;
}

/** True when the member may change things in the workspaces (owner, operations); others read. */
export function canWork(member: Pick<Member, "role">): boolean {
  return memberCan(member.role, "manage_workspace");
}

/** Throws the core's PermissionError (a 403 page) unless the signed-in member may work. */
export function requireWork(kit: Kit, c: Context<Env>): void {
  const { role } = kit.member(c);
  if (!canWork({ role })) throw new PermissionError(`A member with the role ${role} can read this but not change it`);
}

/** Answers 404 for every page of `/teams/:teamId/<side>/…` when the team does not work on that side. */
export function guardSide(app: DashboardApp, kit: Kit, side: Side): void {
  app.use(`/teams/:teamId/${side}/*`, async (c, next) => (teamHas(kit.teamOf(c), side) ? next() : kit.notFound(c)));
}

/** The item statuses as people read them. */
export const ITEM_STATUS_LABELS: Record<OrderItemStatus, string> = {
  pending: "Pending",
  handoff: "Handed off (partner signup)",
  accepted: "Accepted",
  rejected: "Rejected",
  scheduled: "Scheduled",
  completed: "Completed",
  cancelled: "Cancelled",
};

/** The order statuses as people read them. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  submitted: "Submitted",
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
  rejected: "Rejected",
  cancelled: "Cancelled",
};

/** A status as a badge (its words, not only its colour). */
export function StatusBadge(props: { status: OrderItemStatus | OrderStatus; kind: "item" | "order" }) {
  const label =
    props.kind === "item"
      ? ITEM_STATUS_LABELS[props.status as OrderItemStatus]
      : ORDER_STATUS_LABELS[props.status as OrderStatus];
  return <span class={`badge status-${props.status}`}>{label ?? props.status}</span>;
}

/** The badge of a training order or item. */
export function TrainingBadge({ training }: { training: boolean }) {
  return training ? <span class="badge training">Training</span> : null;
}

/** Rows per page of the workspace lists. */
export const PAGE_SIZE = 25;

/** The page a list asks for (`?cursor=`), or null when the cursor is not one of this list's. */
export function pageOf(list: string, cursor: string | undefined): PageRequest | null {
  try {
    return pageRequest(list, { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
  } catch {
    return null;
  }
}

/** The message page for a list address whose cursor was edited or belongs to another list. */
export function badCursor(kit: Kit, c: Context<Env>, first: string) {
  return kit.message(
    c,
    400,
    "This page of the list does not exist",
    <p>
      The address was changed or comes from another list. <a href={first}>Go to the first page</a>.
    </p>,
  );
}

/**
 * The rows of one page of a list as the core answered it (the rows alone, or a `Page` with the next
 * cursor), and the links `Pager` shows: the first page is `path` with `query`, the next one the same
 * with the next cursor; `cursor` is the one this request had (none on the first page).
 */
export function keysetRows<T>(
  result: T[] | Page<T>,
  path: string,
  query: Record<string, string | null | undefined>,
  cursor: string | undefined,
): { rows: T[]; page: KeysetPage } {
  const nextCursor = Array.isArray(result) ? null : result.nextCursor;
  return {
    rows: Array.isArray(result) ? result : result.data,
    page: {
      first: withQuery(path, query),
      next: nextCursor ? withQuery(path, { ...query, cursor: nextCursor }) : null,
      onFirst: !cursor,
    },
  };
}

/** A path with its query (empty values left out). */
export function withQuery(path: string, query: Record<string, string | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** A monthly price ("$49.99 a month"), or a dash. */
export function monthly(value: string | null | undefined): string {
  return value ? `$${value} a month` : "—";
}

/** The short form of an id people can compare at a glance (its first 8 characters). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

/** Notices shown after an action, by the code in `?notice=` (never free text from the URL). */
export const NOTICES: Record<string, string> = {
  cancelled: "The order is cancelled: every open item moved to cancelled and its providers were told.",
  deleted:
    "The order is deleted: it is gone from your lists and its page. No webhook was sent; the deletion is in the audit log.",
  accepted: "The item is accepted.",
  rejected: "The item is rejected.",
  scheduled: "The item is scheduled.",
  completed: "The item is completed.",
  reported: "The STOP or do-not-call report is recorded: every consent naming your team for this customer is revoked.",
  storefront: "The storefront's address is saved.",
  "link-created": "The link is created.",
  "link-deleted": "The link is deleted: its public page answers 404 from now on.",
};

/** The notice named by `?notice=`, if it is one of ours. */
export function noticeOf(c: Context<Env>): string | undefined {
  return NOTICES[c.req.query("notice") ?? ""];
}

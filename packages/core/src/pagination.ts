/**
 * Pagination shared by every provider and reseller list.
 *
 * - Neither `limit` nor `cursor`: the complete array.
 * - Either: `{ data, hasMore, nextCursor }`, `limit` 1 to 100 (20 when only `cursor` is sent).
 * - Order: newest first, id as the final tie-break (a total order), so a walk neither skips nor
 *   repeats a record while others are inserted.
 * - The cursor names the last record returned. It is opaque, bound to one list, and checksummed, so a
 *   tampered or undecodable cursor is rejected; a cursor whose record was deleted ends the walk.
 *
 * @module
 */

import { fromBase64Url, toBase64Url, utf8 } from "./crypto.ts";
import { InvalidInputError } from "./errors.ts";
import { isUuidV4 } from "./ids.ts";

/** Page size used when only `cursor` is sent. */
export const DEFAULT_PAGE_SIZE = 20;
/** Largest accepted `limit`. */
export const MAX_PAGE_SIZE = 100;

/** What a caller asked of a list. */
export type PageRequest =
  | { readonly kind: "all" }
  | {
      readonly kind: "page";
      /** Records to return. */
      readonly limit: number;
      /** Id of the last record of the previous page, or null for the first page. */
      readonly after: string | null;
    };

/** One page of a paginated list. */
export interface Page<T> {
  data: T[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** A list answer: the complete array, or a page when pagination was asked for. */
export type ListResult<T> = T[] | Page<T>;

/** The problem reported for a `limit` outside the rule. */
export const PAGE_SIZE_PROBLEM = `limit must be an integer from 1 to ${MAX_PAGE_SIZE}`;

/** The page-size rule: an integer from 1 to `MAX_PAGE_SIZE`. */
export function isPageSize(limit: number): boolean {
  return Number.isInteger(limit) && limit >= 1 && limit <= MAX_PAGE_SIZE;
}

/** The raw pagination query parameters, as received. */
export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/**
 * Turns query parameters into a page request for the list named `list` (e.g. "offers").
 * Throws InvalidInputError for a bad limit or a cursor that is undecodable, tampered with, or
 * issued by another list.
 *
 * @example
 * pageRequest("offers", {}); // { kind: "all" }
 * pageRequest("offers", { limit: 10 }); // { kind: "page", limit: 10, after: null }
 */
export function pageRequest(list: string, query: PageQuery): PageRequest {
  const { limit, cursor } = query;
  if (limit === undefined && cursor === undefined) return { kind: "all" };
  const problems: string[] = [];
  if (limit !== undefined && !isPageSize(limit)) problems.push(PAGE_SIZE_PROBLEM);
  let after: string | null = null;
  if (cursor !== undefined) {
    after = decodeCursor(list, cursor);
    if (after === null) problems.push("cursor is invalid: pass back nextCursor from a previous response unmodified");
  }
  if (problems.length > 0) throw new InvalidInputError(problems);
  return { kind: "page", limit: limit ?? DEFAULT_PAGE_SIZE, after };
}

/**
 * Shapes rows fetched for `request` into the answer. For a page request the repository fetches up
 * to `limit + 1` rows after the cursor record (none when that record no longer exists); the extra
 * row only tells that there is more.
 */
export function toListResult<T extends { id: string }>(list: string, request: PageRequest, rows: T[]): ListResult<T> {
  if (request.kind === "all") return rows;
  const hasMore = rows.length > request.limit;
  const data = hasMore ? rows.slice(0, request.limit) : rows;
  const last = data.at(-1);
  return { data, hasMore, nextCursor: hasMore && last ? encodeCursor(list, last.id) : null };
}

/** Maps the items of a list answer, keeping its shape. */
export function mapListResult<T, U>(result: ListResult<T>, fn: (item: T) => U): ListResult<U> {
  return Array.isArray(result) ? result.map(fn) : { ...result, data: result.data.map(fn) };
}

/** The opaque cursor pointing after record `id` of list `list`. */
export function encodeCursor(list: string, id: string): string {
  const body = `${list}:${id}`;
  return toBase64Url(utf8(`${body}:${checksum(body)}`));
}

/** The record id a cursor points after, or null when it is not a valid cursor of `list`. */
export function decodeCursor(list: string, cursor: string): string | null {
  if (cursor.length === 0 || cursor.length > 200) return null;
  const bytes = fromBase64Url(cursor);
  if (!bytes) return null;
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const parts = text.split(":");
  if (parts.length !== 3) return null;
  const [cursorList, id, sum] = parts as [string, string, string];
  if (cursorList !== list || !isUuidV4(id)) return null;
  return sum === checksum(`${cursorList}:${id}`) ? id : null;
}

/** FNV-1a 32-bit, hex: detects edited or truncated cursors (cursors grant nothing; scoping does). */
function checksum(text: string): string {
  let hash = 0x811c9dc5;
  for (const byte of utf8(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

/**
 * Tables and lists shared by the pages: a data table with its caption and column headers, the
 * links between keyset pages, and a keyset-paginated table with its empty state.
 *
 * @module
 */

import type { Child } from "hono/jsx";

/** Where a keyset-paginated list is: its first page, the next one (null on the last), and whether this is the first. */
export interface KeysetPage {
  first: string;
  next: string | null;
  onFirst: boolean;
}

/**
 * A data table in its scrolling frame: the caption (muted) names what it lists, each header is a
 * column's (`scope="col"`; a null header is left out, as for a column only some members see), and
 * the children are its rows.
 */
export function Table(props: {
  caption: Child;
  headers: readonly Child[];
  /** Attributes of the `<table>` itself (an id a script finds it by, its data). */
  attributes?: Record<string, string | undefined>;
  children?: Child;
}) {
  return (
    <div class="table-wrap">
      <table {...props.attributes}>
        <caption class="muted">{props.caption}</caption>
        <thead>
          <tr>
            {props.headers.map((header) =>
              header === null || header === undefined ? null : <th scope="col">{header}</th>,
            )}
          </tr>
        </thead>
        <tbody>{props.children}</tbody>
      </table>
    </div>
  );
}

/** Links to the first and the next page of a keyset-paginated list; nothing when there is one page. */
export function Pager(props: KeysetPage) {
  if (props.onFirst && !props.next) return null;
  return (
    <nav class="pager" aria-label="Pages">
      {props.onFirst ? null : <a href={props.first}>First page</a>}
      {props.next ? <a href={props.next}>Next page</a> : null}
    </nav>
  );
}

/** A link to the older entries of a list that pages by a cursor, or nothing when there are none. */
export function OlderLink(props: { href: string | null; children: Child }) {
  if (!props.href) return null;
  return (
    <p>
      <a href={props.href}>{props.children}</a>
    </p>
  );
}

/**
 * One keyset page of a list as a table, then the pager. Without rows it says so instead: `empty`
 * on the first page (`No brands yet.`), `more` on a later one (`No more brands.`).
 */
export function KeysetTable<T>(props: {
  page: KeysetPage;
  rows: readonly T[];
  row: (row: T) => Child;
  empty: Child;
  more: Child;
  caption: Child;
  headers: readonly Child[];
}) {
  const { page } = props;
  return (
    <>
      {props.rows.length === 0 ? (
        <p>{page.onFirst ? props.empty : props.more}</p>
      ) : (
        <Table caption={props.caption} headers={props.headers}>
          {props.rows.map(props.row)}
        </Table>
      )}
      <Pager first={page.first} next={page.next} onFirst={page.onFirst} />
    </>
  );
}

/**
 * The CSV export of what the analytics page shows: the series (one row per period and a total row),
 * then, after an empty line, the top offers (provider) or the storefronts and links (reseller).
 * RFC 4180 quoting; cells a spreadsheet would run as a formula are defused. Pure.
 *
 * @module
 */

import { ORDER_ITEM_STATUSES, type ProviderAnalytics, type ResellerAnalytics } from "@marketplace/core";

/**
 * One CSV cell: a text beginning with `=`, `+`, `-`, `@` (or a tab or carriage return) gets a
 * leading apostrophe, so a spreadsheet shows it instead of running it (CSV injection); then quoted
 * when it holds a comma, a quote or a line break.
 *
 * @example
 * csvCell("=HYPERLINK(\"x\")"); // "\"'=HYPERLINK(\"\"x\"\")\""
 * csvCell(12); // "12"
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as CSV text with CRLF line ends. */
export function csvText(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

const PROVIDER_COLUMNS = [
  ["itemsReceived", "Items received"],
  ["itemsAccepted", "Items accepted"],
  ["itemsRejected", "Items rejected"],
  ["itemsCompleted", "Items completed"],
  ["itemsCancelled", "Items cancelled"],
  ["acceptanceRate", "Acceptance rate"],
  ["totalMonthlyAccepted", "Monthly total accepted"],
  ["commissionAccrued", "Commission accrued"],
] as const;

/** The provider's figures as CSV. */
export function providerCsv(answer: ProviderAnalytics): string {
  const figures = (row: Record<string, unknown>) => PROVIDER_COLUMNS.map(([key]) => row[key] as string | number | null);
  return csvText([
    ["Period start", "Period end", ...PROVIDER_COLUMNS.map(([, label]) => label)],
    ...answer.series.map((period) => [period.start, period.end, ...figures(period as never)]),
    ["Total", `${answer.from} to ${answer.to}`, ...figures(answer.totals as never)],
    [],
    ["Offer", "Offer id", ...PROVIDER_COLUMNS.map(([, label]) => label)],
    ...answer.topOffers.map((offer) => [
      offer.offerName ?? "(deleted offer)",
      offer.offerId,
      ...figures(offer as never),
    ]),
  ]);
}

/** The reseller's figures as CSV. */
export function resellerCsv(answer: ResellerAnalytics): string {
  const figures = (row: ResellerAnalytics["series"][number] | ResellerAnalytics["totals"]) => [
    row.ordersPlaced,
    ...ORDER_ITEM_STATUSES.map((status) => row.itemsByStatus[status]),
    row.totalMonthlyOrdered,
    row.totalMonthlyAccepted,
    row.commissionEarned,
  ];
  return csvText([
    [
      "Period start",
      "Period end",
      "Orders placed",
      ...ORDER_ITEM_STATUSES.map((status) => `Items ${status}`),
      "Monthly total ordered",
      "Monthly total accepted",
      "Commission earned",
    ],
    ...answer.series.map((period) => [period.start, period.end, ...figures(period)]),
    ["Total", `${answer.from} to ${answer.to}`, ...figures(answer.totals)],
    [],
    ["Channel", "Slug", "Name", "Id", "Clicks", "Orders", "Conversion"],
    ...answer.storefronts.map((s) => ["Storefront", s.slug, "", s.storefrontId, s.clicks, s.orders, s.conversion]),
    ...answer.links.map((l) => ["Link", l.slug, l.name ?? "", l.linkId, l.clicks, l.orders, l.conversion]),
  ]);
}

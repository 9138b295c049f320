/**
 * A user's own code over the marketplace's use cases (what an embedder writes): the commission a
 * provider team owes its resellers, per reseller, from the items it accepted. Training items accrue
 * none (the core's rule), so they never appear.
 *
 * @module
 */

import type { Marketplace, Principal } from "@marketplace/core";

/** What a provider owes one reseller team. */
export interface CommissionLine {
  resellerTeamId: string;
  /** Items with a commission accrued. */
  items: number;
  /** The sum, a decimal string with two decimals ("80.00"). */
  amount: string;
}

/** The provider's commission statement: one line per reseller, the largest amount first. */
export async function commissionStatement(marketplace: Marketplace, provider: Principal): Promise<CommissionLine[]> {
  const lines = new Map<string, { items: number; cents: number }>();
  let after: string | null = null;
  for (;;) {
    const page = await marketplace.orders.listForProvider(provider, {}, { kind: "page", limit: 100, after });
    const items = Array.isArray(page) ? page : page.data;
    for (const { item, order } of items) {
      if (!item.commission) continue;
      const line = lines.get(order.resellerTeamId) ?? { items: 0, cents: 0 };
      line.items += 1;
      line.cents += Math.round(Number(item.commission.amount) * 100);
      lines.set(order.resellerTeamId, line);
    }
    if (Array.isArray(page) || !page.hasMore) break;
    after = items.at(-1)?.id ?? null;
  }
  return [...lines]
    .map(([resellerTeamId, { items, cents }]) => ({ resellerTeamId, items, amount: (cents / 100).toFixed(2) }))
    .sort((a, b) => Number(b.amount) - Number(a.amount) || a.resellerTeamId.localeCompare(b.resellerTeamId));
}

/**
 * Figures derived from counts: rates and time-to-accept percentiles. Pure.
 *
 * @module
 */

/** The last time-to-accept bin: "30 days or more". */
export const LAST_ACCEPT_BIN = 848;

/**
 * The lower bound, in seconds, of a time-to-accept bin: bins are whole minutes under an hour,
 * quarter hours under a day, hours under 30 days, then one bin for 30 days or more (the same
 * function as the database's `analytics_accept_bin`).
 *
 * @example
 * acceptBinSeconds(0); // 0
 * acceptBinSeconds(60); // 3600 (one hour)
 */
export function acceptBinSeconds(bin: number): number {
  if (bin < 60) return bin * 60;
  if (bin < 152) return 3600 + (bin - 60) * 900;
  if (bin < LAST_ACCEPT_BIN) return 86_400 + (bin - 152) * 3600;
  return 2_592_000;
}

/**
 * The bin of a time to accept in seconds (the inverse of `acceptBinSeconds`).
 *
 * @example
 * acceptBin(59); // 0
 * acceptBin(3600); // 60
 */
export function acceptBin(seconds: number): number {
  const s = Math.max(0, seconds);
  if (s < 3600) return Math.floor(s / 60);
  if (s < 86_400) return 60 + Math.floor((s - 3600) / 900);
  if (s < 2_592_000) return 152 + Math.floor((s - 86_400) / 3600);
  return LAST_ACCEPT_BIN;
}

/**
 * The nearest-rank percentile (`percent` of 100) of a histogram of bins: the lower bound in seconds
 * of the first bin whose cumulative count reaches ceil(percent × n / 100); null when it is empty.
 * Integer arithmetic only, so it equals `percentile_disc` over the same bins.
 *
 * @example
 * histogramPercentile(new Map([[0, 1], [2, 1]]), 50); // 0
 */
export function histogramPercentile(histogram: ReadonlyMap<number, number>, percent: number): number | null {
  const bins = [...histogram.entries()].filter(([, count]) => count > 0).sort(([a], [b]) => a - b);
  const n = bins.reduce((total, [, count]) => total + count, 0);
  if (n === 0) return null;
  const rank = Math.floor((percent * n + 99) / 100);
  let seen = 0;
  for (const [bin, count] of bins) {
    seen += count;
    if (seen >= rank) return acceptBinSeconds(bin);
  }
  return acceptBinSeconds((bins[bins.length - 1] as [number, number])[0]);
}

/**
 * `part / whole` rounded to 4 decimals, or null when `whole` is 0.
 *
 * @example
 * ratio(1, 3); // 0.3333
 */
export function ratio(part: number, whole: number): number | null {
  if (whole === 0) return null;
  return Math.round((part * 10_000) / whole) / 10_000;
}

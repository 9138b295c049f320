/** `pnpm bench:prune` (bench/prune.mjs): one paced run of orders. */

import { pacedOrders, percentile, round, waitFor } from "../util.mjs";
import { progress, SETTINGS } from "./settings.mjs";

/** `measure(label, extra)` against `server`, its deliveries arriving at `receiver`. */
export function pacedRunFor({ server, reseller, orderBody, receiver }) {
  /** One paced run: event → first delivery of the orders placed in it. */
  const measure = async (label, extra = {}) => {
    receiver.arrivals.clear();
    const from = Date.now();
    const paced = await pacedOrders(`${server.url}/reseller/orders`, reseller, orderBody, {
      rate: SETTINGS.orderRate,
      seconds: SETTINGS.seconds,
      until: extra.until,
      maxSeconds: extra.maxSeconds,
    });
    await waitFor(() => receiver.arrivals.size >= paced.ok, 30_000);
    const fresh = [...receiver.arrivals.values()].filter((a) => a.createdAt >= from);
    const latencies = fresh.map((a) => a.at - a.createdAt);
    const figure = {
      label,
      seconds: round(paced.seconds, 1),
      orders: paced.ok,
      failedOrders: paced.failed,
      delivered: latencies.length,
      p50Ms: percentile(latencies, 50),
      p90Ms: percentile(latencies, 90),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies.length ? Math.max(...latencies) : null,
      orderP50Ms: paced.p50Ms,
      orderP99Ms: paced.p99Ms,
    };
    progress(`${label}: ${JSON.stringify(figure)}`);
    // Each event's commit time and arrival, for the windows of an interleaved run (not reported).
    figure.arrivals = fresh;
    return figure;
  };
  return measure;
}

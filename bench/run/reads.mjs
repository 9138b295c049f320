/** `pnpm bench` (bench/run.mjs): catalog reads and orders on the HTTP node (worker off). */

import { BROAD_TERM, SELECTIVE_TERM } from "../seed.mjs";
import { compare } from "./load.mjs";
import { matches, phase, progress } from "./settings.mjs";

/** A load target on the bare server. */
export const bareTarget = (bare, path, options = {}) => ({ url: `${bare.url}${path}`, pid: bare.pid, options });

/** The reads (each figure `--match` allows) and the orders, project against bare, into `results.scenarios`. */
export async function measureReadsAndOrders({
  server,
  bare,
  sampler,
  reseller,
  cursor,
  randomIds,
  filters,
  orderRequests,
  results,
}) {
  const query = (params) => new URLSearchParams(params).toString();
  const project = (path, options = {}) => ({
    url: `${server.url}${path}`,
    pid: server.pid,
    options: { headers: reseller, ...options },
  });
  const bareAt = (path, options = {}) => bareTarget(bare, path, options);
  const byIdRequests = (prefix) => {
    let i = 0;
    return {
      requests: [
        {
          method: "GET",
          setupRequest: (req) => {
            i = (i + 1) % randomIds.length;
            return { ...req, path: `${prefix}${randomIds[i]}` };
          },
        },
      ],
    };
  };
  const scenarios = [
    ["catalog first page", project("/reseller/catalog?limit=20"), bareAt("/q/firstPage")],
    ["catalog deep page (cursor)", project(`/reseller/catalog?${query({ limit: 20, cursor })}`), bareAt("/q/deepPage")],
    [
      `search "${SELECTIVE_TERM}" (~1 %) vs naive`,
      project(`/reseller/catalog?${query({ search: SELECTIVE_TERM, limit: 20 })}`),
      bareAt("/q/naiveSearch"),
    ],
    [
      `search "${SELECTIVE_TERM}" + zip + price vs naive`,
      project(`/reseller/catalog?${query({ search: SELECTIVE_TERM, ...filters, limit: 20 })}`),
      bareAt("/q/naiveSearchFiltered"),
    ],
    [
      `search "${SELECTIVE_TERM}": bare with the project's SQL`,
      project(`/reseller/catalog?${query({ search: SELECTIVE_TERM, limit: 20 })}`),
      bareAt("/q/search"),
    ],
    [
      `search "${BROAD_TERM}" (broad) vs naive`,
      project(`/reseller/catalog?${query({ search: BROAD_TERM, limit: 20 })}`),
      bareAt("/q/naiveBroad"),
    ],
    [
      "catalog by id (random ids)",
      project("/reseller/catalog/", byIdRequests(`/reseller/catalog/`)),
      bareAt("/offer/", byIdRequests("/offer/")),
    ],
  ];
  for (const [name, p, b] of phase("reads") ? scenarios.filter(([name]) => matches(name)) : []) {
    progress(`── ${name}`);
    results.scenarios.push(await compare(name, p, b, sampler));
  }
  if (phase("orders")) progress("── orders (3 items, events in the outbox)");
  if (phase("orders"))
    results.scenarios.push(
      await compare(
        "POST /reseller/orders (3 items)",
        { url: server.url, pid: server.pid, options: orderRequests("/reseller/orders", reseller) },
        { url: bare.url, pid: bare.pid, options: orderRequests("/orders", {}) },
        sampler,
      ),
    );
}

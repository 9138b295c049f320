/** `pnpm bench --scale` (bench/scale.mjs): the command line, the settings, the targets and the progress lines. */

import { postgresLogger, progressFrom } from "../util.mjs";

const args = process.argv.slice(2);
export const flag = (name) => args.includes(name);
export const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const sizes = (text) => text.split(",").filter(Boolean).map(Number);
export const QUICK = flag("--quick");
export const SETTINGS = {
  catalogSizes: sizes(option("--sizes", QUICK ? "10000,50000" : "10000,100000,1000000")),
  logSizes: sizes(option("--log-sizes", QUICK ? "10000,100000" : "100000,1000000,10000000")),
  teams: 500,
  connections: Number(option("--connections", 10)),
  durationS: Number(option("--duration", QUICK ? 2 : 5)),
  warmupS: 1,
  /** A cursor this many pages (of 20) in, for the deep pages. */
  deepPages: 1000,
  /** Connections (and seconds) for the in-database comparison of search and naive query. */
  dbClients: 4,
  dbSeconds: QUICK ? 2 : 5,
  /**
   * bench/results/<out>.json; the plot (docs/scale-p99.svg) is written for "scale" only, which is not
   * the default of a quick run (its small sizes would replace the committed plot).
   */
  out: option("--out", QUICK ? "scale-quick" : "scale"),
};
/** The bench's cluster settings (bench/run.mjs), with more memory for building indexes. */
export const PG_SETTINGS = {
  shared_buffers: "1GB",
  work_mem: "16MB",
  maintenance_work_mem: "512MB",
  max_connections: "200",
  fsync: "off",
  synchronous_commit: "off",
  full_page_writes: "off",
  max_wal_size: "16GB",
  checkpoint_timeout: "60min",
  // Server time per statement (planning and execution) of the searches under load: what the
  // database does, apart from the HTTP server, the driver and the load generator.
  shared_preload_libraries: "pg_stat_statements",
  "pg_stat_statements.track_planning": "on",
  // Each growth ends with VACUUM ANALYZE: no autovacuum worker may land in a measured run.
  autovacuum: "off",
};
/** Growth targets (p99 at 1M ÷ p99 at 100k): keyed reads and searches. */
export const KEYED_GROWTH_TARGET = 1.5;
export const SEARCH_GROWTH_TARGET = 2;

export const started = Date.now();
export const progress = progressFrom(started);
export const pgLogger = postgresLogger(progress);

export const fmt = (n) => n.toLocaleString("en-US");
export const sizeLabel = (n) => (n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n));

/** `pnpm bench --scale` (bench/scale.mjs): the command line, the settings, the targets and the progress lines. */

import { readArgs } from "../args.mjs";
import { postgresLogger, progressFrom } from "../util.mjs";

export const SCALE_COMMAND = {
  command: "bench/scale.mjs",
  usage: `The cost of each read as the data grows (pnpm bench --scale builds first and passes its arguments
here): one embedded PostgreSQL and the reference server from the build (run pnpm build first); the
catalog grows through --sizes, then the log through --log-sizes, and every read is loaded at each
size. ~25 minutes on 2 cores with the defaults, ~2 with --quick. Writes bench/results/<out>.json, the
plot docs/scale-p99.svg (for --out scale only) and, with --write-docs, its block of docs/performance.md.`,
  options: {
    quick: { type: "boolean", description: "small sizes, 2 s per read; writes scale-quick.json, never the plot" },
    sizes: {
      type: "integers",
      description: "catalog sizes (offers) to grow through",
      defaultText: "10000,100000,1000000; 10000,50000 with --quick",
    },
    "log-sizes": {
      type: "integers",
      description: "log sizes (rows) to grow through",
      defaultText: "100000,1000000,10000000; 10000,100000 with --quick",
    },
    duration: { type: "number", placeholder: "S", description: "seconds per read", defaultText: "5; 2 with --quick" },
    connections: { type: "integer", description: "autocannon connections per read", default: 10 },
    out: {
      type: "string",
      placeholder: "NAME",
      description: "bench/results/NAME.json",
      defaultText: "scale; scale-quick with --quick",
    },
    "write-docs": { type: "boolean", description: "also rewrite the scale block of docs/performance.md" },
    keep: { type: "boolean", description: "keep the temporary folder" },
    scale: { type: "boolean", description: "accepted and ignored (pnpm bench --scale passes it on)" },
  },
};
const { values } = readArgs(SCALE_COMMAND);
/** The flags of the command line: `keep`, `write-docs`. */
export const flag = (name) => values[name] === true;
export const QUICK = flag("quick");
export const SETTINGS = {
  catalogSizes: values.sizes ?? (QUICK ? [10_000, 50_000] : [10_000, 100_000, 1_000_000]),
  logSizes: values["log-sizes"] ?? (QUICK ? [10_000, 100_000] : [100_000, 1_000_000, 10_000_000]),
  teams: 500,
  connections: values.connections,
  durationS: values.duration ?? (QUICK ? 2 : 5),
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
  out: values.out ?? (QUICK ? "scale-quick" : "scale"),
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

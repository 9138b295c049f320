import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../helpers/database.ts";

// `pnpm check:peers` (and `pnpm test`, after the build): the published packages, packed as npm
// would, installed in a project of their own with every peer dependency at the LOWEST version its
// range allows and then at the HIGHEST the registry has in it, and run there against a real
// database: migrations (pg, kysely, graphile-worker), the HTTP app mounted in the host's own
// OpenAPIHono (one hono, @hono/zod-openapi and zod: the host's document must include the routes),
// a team created over HTTP and a webhook listed with its key, and the dashboard mounted in the same
// host (one hono: its sign-in page renders with the nonce CSP).

const root = fileURLToPath(new URL("../..", import.meta.url));
const PACKAGES = ["core", "adapters-postgres", "http", "worker", "dashboard"];

interface Manifest {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
}

const manifests = PACKAGES.map(
  (name) => JSON.parse(readFileSync(join(root, "packages", name, "package.json"), "utf8")) as Manifest,
);

/** Every peer range of the packages (one range per name: the packages must agree). */
function peerRanges(): Record<string, string> {
  const ranges: Record<string, string> = {};
  for (const manifest of manifests) {
    for (const [name, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (ranges[name] && ranges[name] !== range) {
        throw new Error(`${manifest.name} asks ${name}@${range}, another package ${ranges[name]}`);
      }
      ranges[name] = range;
    }
  }
  return ranges;
}

function run(command: string, args: string[], cwd: string, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, NO_COLOR: "1", ...env } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
    });
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited ${code}:\n${output}`)),
    );
  });
}

/** The lowest version a range allows: its lower bound (the ranges are `^x.y.z`). */
function lowest(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)$/.exec(range);
  if (!match) throw new Error(`peer range ${range}: only ^x.y.z ranges are checked; extend lowest()`);
  return match[1] as string;
}

/** The highest version the registry has in the range. */
async function highest(name: string, range: string): Promise<string> {
  const out = await run("npm", ["view", `${name}@${range}`, "version", "--json"], root);
  const versions = JSON.parse(out) as string | string[];
  return Array.isArray(versions) ? (versions.at(-1) as string) : versions;
}

const SMOKE = `
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { OpenAPIHono } from "@hono/zod-openapi";
import { createDatabase, createPool, migrateToLatest, PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createMarketplace } from "@marketplace/core";
import { createDashboard } from "@marketplace/dashboard";
import { createApp } from "@marketplace/http";
import { migrateWorkerSchema } from "@marketplace/worker";

const pool = createPool({ connectionString: process.env.DATABASE_URL, max: 2 });
try {
  const db = createDatabase(pool);
  await migrateToLatest(db);
  await migrateWorkerSchema({ pgPool: pool });
  const token = "peer-range-admin-token-0123456789";
  const app = createApp({
    marketplace: createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db }) }),
    checkHealth: async () => {},
    adminToken: token,
  });
  const host = new OpenAPIHono();
  host.route("/marketplace", app);
  const dashboard = createDashboard({ marketplace: createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db }) }), basePath: "/dashboard" });
  host.route("/", dashboard);
  const signIn = await host.request("/dashboard/sign-in");
  assert.equal(signIn.status, 200);
  assert.ok((await signIn.text()).includes("<h1>Sign in</h1>"), "the dashboard renders in the host");
  assert.match(signIn.headers.get("content-security-policy") ?? "", /script-src 'nonce-/);
  const document = host.getOpenAPI31Document({ openapi: "3.1.0", info: { title: "host", version: "1" } });
  assert.ok(document.paths["/marketplace/provider/webhooks"], "the host's OpenAPIHono merged the app's routes");
  const created = await host.request("/marketplace/admin/teams", {
    method: "POST",
    headers: { authorization: "Bearer " + token, "content-type": "application/json" },
    body: JSON.stringify({ name: "Peer range team", role: "provider" }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { apiKey } = await created.json();
  const listed = await host.request("/marketplace/provider/webhooks", { headers: { "x-api-key": apiKey.key } });
  assert.equal(listed.status, 200);
  assert.deepEqual(await listed.json(), []);
  const invalid = await host.request("/marketplace/provider/webhooks", {
    method: "POST",
    headers: { "x-api-key": apiKey.key, "content-type": "application/json" },
    body: JSON.stringify({ url: "http://x.example", events: ["order.created"] }),
  });
  assert.equal(invalid.status, 400);
  const versions = {};
  for (const name of JSON.parse(process.env.PEERS)) {
    versions[name] = JSON.parse(readFileSync("node_modules/" + name + "/package.json", "utf8")).version;
  }
  console.log(JSON.stringify(versions));
} finally {
  await pool.end();
}
`;

let work: string;
let tarballs: Record<string, string>;
const databases: TestDatabase[] = [];

beforeAll(async () => {
  for (const name of PACKAGES) {
    if (!existsSync(join(root, "packages", name, "dist", "index.js"))) {
      throw new Error(`packages/${name}/dist is missing: run pnpm build first`);
    }
  }
  work = join(tmpdir(), `peer-ranges-${process.pid}-${Date.now()}`);
  mkdirSync(join(work, "tarballs"), { recursive: true });
  await Promise.all(
    PACKAGES.map((name) =>
      run("pnpm", ["pack", "--pack-destination", join(work, "tarballs")], join(root, "packages", name)),
    ),
  );
  const files = readdirSync(join(work, "tarballs"));
  tarballs = Object.fromEntries(
    manifests.map((manifest) => {
      const prefix = `${manifest.name.replace("@", "").replace("/", "-")}-${manifest.version}`;
      const file = files.find((candidate) => candidate.startsWith(prefix));
      if (!file) throw new Error(`no tarball for ${manifest.name} in ${files.join(", ")}`);
      return [manifest.name, `file:${join(work, "tarballs", file)}`];
    }),
  );
}, 120_000);

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("peer dependency ranges", () => {
  it("are declared for what must be one instance, and agree across packages", () => {
    expect(peerRanges()).toEqual({
      "@hono/zod-openapi": expect.any(String),
      "@opentelemetry/api": expect.any(String),
      hono: expect.any(String),
      kysely: expect.any(String),
      pg: expect.any(String),
      zod: expect.any(String),
    });
    for (const manifest of manifests) {
      const dependencies = (manifest as Manifest & { dependencies?: Record<string, string> }).dependencies ?? {};
      for (const name of Object.keys(manifest.peerDependencies ?? {})) expect(dependencies[name]).toBeUndefined();
    }
  });

  it.each(["lowest", "highest"] as const)(
    "work at the %s versions of every range",
    async (end) => {
      const ranges = peerRanges();
      const pinned: Record<string, string> = {};
      for (const [name, range] of Object.entries(ranges)) {
        pinned[name] = end === "lowest" ? lowest(range) : await highest(name, range);
      }
      const dir = join(work, end);
      mkdirSync(dir, { recursive: true });
      writeFileSync(
        join(dir, "package.json"),
        JSON.stringify({
          name: `peer-${end}`,
          private: true,
          type: "module",
          dependencies: { ...tarballs, ...pinned },
        }),
      );
      // The packed packages name each other with ^version: resolve those to the tarballs too.
      writeFileSync(
        join(dir, "pnpm-workspace.yaml"),
        `overrides:\n${Object.entries(tarballs)
          .map(([name, spec]) => `  "${name}": "${spec}"`)
          .join("\n")}\n`,
      );
      writeFileSync(join(dir, "smoke.mjs"), SMOKE);
      await run(
        "pnpm",
        ["install", "--prefer-offline", "--ignore-scripts", "--config.strict-peer-dependencies=true"],
        dir,
      );
      const database = await createTestDatabase();
      databases.push(database);
      const out = await run("node", ["smoke.mjs"], dir, {
        DATABASE_URL: database.url,
        PEERS: JSON.stringify(Object.keys(pinned)),
      });
      const versions = JSON.parse(out.trim().split("\n").at(-1) as string);
      expect(versions).toEqual(pinned);
    },
    180_000,
  );
});

import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createPublicApp, type PublicApp, publishOffer } from "../../../test/helpers/public-app.ts";

// A bundle exported by the service, saved to a file, verified as a user would: the reference host's
// CLI from the build (`pnpm marketplace consent verify`), and the core's entry point under Deno.
const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const verifier = fileURLToPath(new URL("../../../packages/core/src/consent-evidence.ts", import.meta.url));

let t: TestApp;
let pub: PublicApp;
let dir: string;
let bundleFile: string;
let keysFile: string;
let bundle: { records: Array<Record<string, unknown>> };

beforeAll(async () => {
  t = await createTestApp();
  pub = createPublicApp(t);
  dir = await mkdtemp(join(tmpdir(), "consent-verify-"));
  const provider = await t.createTeam("provider", "Verify Fiber");
  const reseller = await t.createTeam("reseller");
  const offer = await publishOffer(t, provider.apiKey);
  const slug = `verify-${randomUUID().slice(0, 8)}`;
  await t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: { slug } });
  const res = await pub.request("POST", "/public/shop/orders", {
    body: {
      storefrontSlug: slug,
      items: [{ offerId: offer.id }],
      customer: { name: "Ada", email: "verify@example.com", phone: "+15125550188", kind: "residential" },
      serviceAddress: { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" },
      consents: [{ kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" }],
      pageUrl: "https://shop.example.com/checkout",
    },
  });
  expect(res.status).toBe(201);
  const { rows } = await sql<{ customer_id: string }>`
    select customer_id from orders where id = ${(await res.json()).id}
  `.execute(t.database.db);
  const exported = await t.request("GET", `/provider/customers/${rows[0]?.customer_id}/consents/evidence`, {
    key: provider.apiKey,
  });
  expect(exported.status).toBe(200);
  bundle = await exported.json();
  bundleFile = join(dir, "bundle.json");
  keysFile = join(dir, "keys.json");
  await writeFile(bundleFile, JSON.stringify(bundle, null, 2));
  await writeFile(keysFile, await (await t.request("GET", "/.well-known/consent-keys.json")).text());
});
afterAll(async () => {
  await pub.close();
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

function runCli(...args: string[]) {
  const result = spawnSync(process.execPath, [cli, "consent", "verify", ...args], { encoding: "utf8" });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("pnpm marketplace consent verify", () => {
  it("accepts the bundle the service exported, against the published keys", () => {
    const result = runCli(bundleFile, "--keys", keysFile);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^valid: 1 consent record\(s\) up to chain position 1, signed \S+ by key \S+\n$/);
  });

  it("says which keys it used when none are given", () => {
    const result = runCli(bundleFile);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("note: checked against the keys inside the bundle");
  });

  it("refuses the bundle once a field is edited, exiting 1 with the reason", async () => {
    const edited = structuredClone(bundle);
    (edited.records[0] as { phone: string }).phone = "+15125550189";
    const file = join(dir, "edited.json");
    await writeFile(file, JSON.stringify(edited));
    const result = runCli(file, "--keys", keysFile);
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("NOT valid:");
    expect(result.stdout).toContain("does not match its ledger entry");
  });

  it("is a usage error without a file", () => {
    const result = runCli();
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("'consent verify' takes one bundle file");
  });
});

describe("the verifier under Deno", () => {
  it("accepts the exported bundle and refuses an edited one", async () => {
    const require = createRequire(import.meta.url);
    const deno = (require("deno/install_api.cjs") as { runInstall(): string }).runInstall();
    const script = join(dir, "verify.ts");
    await writeFile(
      script,
      `import { verifyConsentEvidence } from ${JSON.stringify(verifier)};
const bundle = JSON.parse(await Deno.readTextFile(Deno.args[0]));
const keys = JSON.parse(await Deno.readTextFile(Deno.args[1]));
const genuine = await verifyConsentEvidence(bundle, keys);
bundle.records[0].granted = !bundle.records[0].granted;
const edited = await verifyConsentEvidence(bundle, keys);
console.log(JSON.stringify({ genuine: genuine.valid, edited: edited.valid }));
`,
    );
    const result = spawnSync(
      deno,
      ["run", "--no-remote", "--no-npm", "--no-config", `--allow-read=${dir}`, script, bundleFile, keysFile],
      { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } },
    );
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ genuine: true, edited: false });
  });
});

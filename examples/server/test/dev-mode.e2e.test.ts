import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test/helpers/free-port.ts";
import { runCommands, shellBlocks } from "../../../test/helpers/readme-shell.ts";

// `pnpm dev` as a new user meets it: the server from source (tsx, as the root package.json's "dev"
// script runs it), started in an empty folder; the README's inbox block run verbatim against it;
// a signed delivery seen in /dev/inbox; then `pnpm demo` against it.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const tsxLoader = pathToFileURL(join(root, "node_modules/tsx/dist/loader.mjs")).href;

/**
 * `node --import tsx <file>` from `dir`, as the root package.json's "dev" and "demo" scripts run it,
 * with the repository's tsconfig (its paths map the packages to src/). One process: a SIGTERM reaches
 * the server itself. (The tsx CLI relays a signal to its child and SIGKILLs it when the child has not
 * acknowledged within 60 ms, which a loaded machine missed: exit 143, no graceful stop.)
 */
function runTsx(file: string, dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", tsxLoader, join(root, file)], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      TSX_TSCONFIG_PATH: join(root, "tsconfig.json"),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const exited = new Promise<number | string>((resolve) =>
    child.on("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type InboxEntry = { verified: boolean; reason: string | null; event: { type?: string; id?: string } };

describe("pnpm dev", () => {
  let dir: string;
  let server: ReturnType<typeof runTsx>;
  let base: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "marketplace-dev-"));
    await chmod(dir, 0o755); // the embedded PostgreSQL runs as the postgres user under root
    const port = await freePort();
    server = runTsx("examples/server/src/dev.ts", dir, {
      PORT: String(port),
      // No HOST: pnpm dev listens on loopback by default (the inbox shows deliveries without auth).
      MARKETPLACE_EMBEDDED_PG_PORT: String(await freePort()),
      MARKETPLACE_METRICS_PORT: "0",
    });
    await eventually(async () => (/ listening /.test(server.stdout()) ? true : undefined), 90_000).catch(() => {
      throw new Error(`pnpm dev did not start\n${server.stdout()}\n${server.stderr()}`);
    });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("prints the demo keys, an admin token and the inbox; logs are readable lines", () => {
    const out = server.stdout();
    expect(out).toMatch(/^ {2}export PROVIDER_KEY=mk_\S+ RESELLER_KEY=mk_\S+ HYBRID_KEY=mk_\S+$/m);
    expect(out).toMatch(/admin token +export MARKETPLACE_ADMIN_TOKEN=dev_\S{20,}/);
    expect(out).toContain(`${base}/dev/inbox`);
    expect(out).toContain(`${base}/dev/inbox/mail`);
    expect(out).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}listening /m);
    expect(out).not.toMatch(/^\{"level"/m);
  });

  it("listens on loopback only when HOST is unset", async () => {
    expect(server.stdout()).toContain(`pnpm dev: ${base},`);
    // Any address of this machine that is not loopback is refused (none in some sandboxes).
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && !a.internal && a.family === "IPv4");
    if (outside) {
      const port = new URL(base).port;
      const error = await fetch(`http://${outside.address}:${port}/health`).then(
        () => null,
        (e: Error & { cause?: { code?: string } }) => e.cause?.code,
      );
      expect(error).toBe("ECONNREFUSED");
    }
  });

  it("runs the README's inbox block verbatim; the signed test delivery arrives and is verified", async () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const block = shellBlocks(readme).find((b) => b.marker?.startsWith("dev"));
    expect(block, "README.md has no <!-- readme-test: dev … --> block").toBeDefined();
    const run = await runCommands(block?.commands ?? [], {
      cwd: dir,
      env: {},
      hosts: { "localhost:3000": base.replace("http://", "") },
    });
    expect(run.failures).toEqual([]);
    expect(run.statuses.map(([, status]) => status)).toEqual([201, 200]);

    const entries = await eventually(async () => {
      const list = (await (await fetch(`${base}/dev/inbox`)).json()) as InboxEntry[];
      return list.length > 0 ? list : undefined;
    });
    expect(entries[0]).toMatchObject({ verified: true, reason: null, event: { type: "webhook.test" } });
    const html = await fetch(`${base}/dev/inbox`, { headers: { accept: "text/html" } });
    const page = await html.text();
    expect(page).toContain("webhook.test");
    // The page policy: its one <style> carries the request's nonce; no unsafe-inline, no framing.
    const policy = html.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(page).toContain(`<style nonce="${nonce}">`);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("unsafe-inline");
    expect(html.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers 400 to a delivery whose signature does not verify, and lists it as such", async () => {
    const forged = await fetch(`${base}/dev/inbox/hooks/unknown`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-service-signature": `t=${Math.floor(Date.now() / 1000)},v1=00`,
      },
      body: JSON.stringify({ id: "forged", type: "order.created" }),
    });
    expect(forged.status).toBe(400);
    const list = (await (await fetch(`${base}/dev/inbox`)).json()) as InboxEntry[];
    expect(list[0]).toMatchObject({ verified: false, reason: "no_matching_signature", event: { id: "forged" } });
  });

  let inviteLink = "";
  let demoOut = "";

  it("pnpm demo walks the product against it: every webhook verified, the consent revoked", async () => {
    const demo = runTsx("examples/server/src/demo.ts", dir, { MARKETPLACE_URL: base });
    const code = await demo.exited;
    expect({ code, stderr: demo.stderr() }).toEqual({ code: 0, stderr: "" });
    const out = demo.stdout();
    demoOut = out;
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8]) expect(out).toMatch(new RegExp(`^${n}\\. `, "m"));
    expect(out).toMatch(/4 to the provider, 4 to the reseller, every signature verified$/m);
    expect(out).not.toContain("NOT verified");
    expect(out).toMatch(/the provider now sees: order_contact granted, revoked/);
    expect(out).toMatch(/^ {3}verifyConsentEvidence: valid$/m);
    expect(out).toMatch(/^ {3}a copy with one granted flag flipped: refused \(/m);
    // It ends with the dashboard: an owner's invite to the new provider team, printed (no TTY: not opened).
    expect(out).toMatch(/^The dashboard: the provider team's dashboard/m);
    inviteLink = /^ {3}(http:\/\/\S+\/dashboard\/invite\/mi_\S+)$/m.exec(out)?.[1] ?? "";
    expect(inviteLink).not.toBe("");
  });

  it("the demo's dashboard link works, and the mail tab shows the password reset mail", async () => {
    const opened = await fetch(inviteLink, { redirect: "manual" });
    expect(opened.status).toBe(303);
    const cookie = (opened.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const form = { "content-type": "application/x-www-form-urlencoded", origin: base, cookie };
    const password = "demo owner passphrase 1";
    const accepted = await fetch(`${base}/dashboard/invite`, {
      method: "POST",
      redirect: "manual",
      headers: form,
      body: new URLSearchParams({ password, confirm: password }).toString(),
    });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toMatch(/^\/dashboard\/teams\/[0-9a-f-]{36}$/);
    const email = /^The dashboard: .* sets (\S+)'s password/m.exec(demoOut)?.[1] ?? "";
    const asked = await fetch(`${base}/dashboard/forgot-password`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
      body: new URLSearchParams({ email }).toString(),
    });
    expect(asked.status).toBe(200);
    type Mail = { to: string; subject: string; text: string };
    const mails = await eventually(async () => {
      const list = (await (await fetch(`${base}/dev/inbox/mail`)).json()) as Mail[];
      return list.length > 0 ? list : undefined;
    });
    expect(mails[0]).toMatchObject({ to: email, subject: "Reset your Marketplace dashboard password" });
    expect(mails[0]?.text).toMatch(/\/dashboard\/reset-password\/mr_[A-Za-z0-9_-]{43}/);
    const page = await (await fetch(`${base}/dev/inbox/mail`, { headers: { accept: "text/html" } })).text();
    expect(page).toContain("Mail inbox");
    expect(server.stdout()).toMatch(/dev inbox: mail received/);
  });

  it("stops on SIGTERM and exits 0", async () => {
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toMatch(/INFO {2}stopped/);
  });
});

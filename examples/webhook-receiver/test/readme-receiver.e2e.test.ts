import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { signPayload } from "@marketplace/core/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../../test/helpers/free-port.ts";
import { eventually } from "../../../test/helpers/webhook-receiver.ts";
import { type DeliveryStack, startDeliveryStack } from "./harness.ts";

// The receiver printed in the README, copied as is into a fresh folder (with @marketplace/core
// installed there, as a user would have it), run with node, and sent real deliveries.

const root = fileURLToPath(new URL("../../..", import.meta.url));
const MARKER = "<!-- receiver.mjs -->";

/** The first ```js block after the marker in README.md. */
async function readmeReceiver(): Promise<string> {
  const readme = await readFile(join(root, "README.md"), "utf8");
  const at = readme.indexOf(MARKER);
  if (at < 0) throw new Error(`README.md has no ${MARKER} marker`);
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(at));
  if (!block?.[1]) throw new Error("no ```js block after the marker");
  return block[1];
}

describe("the README's webhook receiver", () => {
  let stack: DeliveryStack;
  let folder: string;
  let child: ReturnType<typeof spawn>;
  let stdout = "";
  let url: string;
  let hook: Awaited<ReturnType<DeliveryStack["registerWebhook"]>>;

  beforeAll(async () => {
    stack = await startDeliveryStack();
    const code = await readmeReceiver();
    expect(code.split("\n").length).toBeLessThan(30);
    folder = await mkdtemp(join(tmpdir(), "readme-receiver-"));
    await mkdir(join(folder, "node_modules", "@marketplace"), { recursive: true });
    await symlink(join(root, "packages", "core"), join(folder, "node_modules", "@marketplace", "core"), "dir");
    await writeFile(join(folder, "receiver.mjs"), code);

    const port = await freePort();
    url = `http://127.0.0.1:${port}/webhooks`;
    hook = await stack.registerWebhook(url);
    child = spawn(process.execPath, ["receiver.mjs"], {
      cwd: folder,
      env: { PATH: process.env.PATH ?? "", WEBHOOK_SECRET: hook.secret, PORT: String(port) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
    });
    // Up once it answers (400: a GET carries no signature).
    await eventually(() =>
      fetch(url).then(
        (res) => res.status,
        () => undefined,
      ),
    );
  });
  afterAll(async () => {
    child?.kill("SIGTERM");
    await stack?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("verifies a real delivery, answers 200 and handles it once despite a redelivery", async () => {
    const event = await stack.recordOrderCreated(hook.teamId);
    const line = `received order.created ${event.id}`;
    await eventually(async () => (stdout.includes(line) ? true : undefined));
    const [first] = await stack.deliveries(hook.apiKey, hook.webhookId, 1);
    expect(first).toMatchObject({ eventId: event.id, statusCode: 200, success: true });

    const redelivered = await stack.t.request(
      "POST",
      `/provider/webhooks/${hook.webhookId}/deliveries/${first?.id}/redeliver`,
      { key: hook.apiKey },
    );
    expect(redelivered.status).toBe(202);
    const attempts = await stack.deliveries(hook.apiKey, hook.webhookId, 2);
    expect(attempts.map((d) => [d.trigger, d.statusCode])).toEqual([
      ["redelivery", 200],
      ["event", 200],
    ]);
    expect(stdout.split(line).length - 1).toBe(1);
  });

  it("answers 400 to a tampered body", async () => {
    const body = JSON.stringify({ id: crypto.randomUUID(), type: "order.created", data: { totalMonthly: "49.99" } });
    const header = await signPayload({ payload: body, secret: hook.secret });
    const tampered = await fetch(url, {
      method: "POST",
      headers: { "x-service-signature": header },
      body: body.replace("49.99", "0.01"),
    });
    expect([tampered.status, await tampered.text()]).toEqual([400, "no_matching_signature"]);
    const genuine = await fetch(url, { method: "POST", headers: { "x-service-signature": header }, body });
    expect(genuine.status).toBe(200);
  });
});

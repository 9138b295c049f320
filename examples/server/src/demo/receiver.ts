/**
 * `pnpm demo` (examples/server/src/demo.ts): the webhook receiver it starts.
 *
 * @module
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "@marketplace/core/signing";
import { detail } from "./api.js";

/** A receiver on 127.0.0.1 that verifies each delivery with the secret of the webhook it was sent to. */
export async function startReceiver() {
  const secrets = new Map<string, string>();
  const seen: { team: string; type: string; id: string }[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const team = (req.url ?? "/").slice(1);
      const body = Buffer.concat(chunks);
      const header = req.headers["x-service-signature"] as string | undefined;
      const result = await verifySignature({ payload: body, header, secret: secrets.get(team) ?? "" });
      if (!result.ok) {
        res.writeHead(400).end(result.reason);
        detail(`   ⇠ ${team} webhook NOT verified: ${result.reason}`);
        return;
      }
      res.writeHead(200).end();
      const event = JSON.parse(body.toString("utf8")) as { id: string; type: string; data: Record<string, unknown> };
      if (seen.some((e) => e.id === event.id && e.team === team)) return; // a retry: same id
      seen.push({ team, type: event.type, id: event.id });
      const status = event.data.status ? ` → ${event.data.status}` : "";
      detail(`   ⇠ webhook to the ${team}: ${event.type}${status}, signature verified ✔ (t=${result.timestamp})`);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secrets,
    seen,
    /** Waits until `count` events have arrived for `team`, or `timeoutMs`. */
    async waitFor(team: string, count: number, timeoutMs = 10_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (seen.filter((e) => e.team === team).length < count) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 250));
        });
      }
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

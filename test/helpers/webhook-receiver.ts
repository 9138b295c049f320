import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createEvent, type DomainEvent, type EventType, randomUuid } from "@marketplace/core";
import type { DeliveryHints } from "@marketplace/core/events";
import type { TestDatabase } from "./database.ts";

/** A request a receiver got, with the body exactly as received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw body bytes as text (UTF-8). */
  body: string;
  receivedAt: number;
}

/** What a receiver answers: a status and body (after `delayMs`), or `hang` to never answer. */
export type ReceiverReply =
  | { status: number; body?: string; headers?: Record<string, string>; delayMs?: number }
  | "hang";

/** A local webhook receiver (node:http on 127.0.0.1). */
export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Every request received so far, in order. */
  requests: ReceivedRequest[];
  /** The requests received on `path`. */
  on(path: string): ReceivedRequest[];
  /** Sets how requests are answered from now on (`n` counts requests on the same path, from 1). */
  reply(fn: (request: ReceivedRequest, n: number) => ReceiverReply): void;
  /** Resolves once `count` requests have arrived on `path` (any path when omitted). */
  waitFor(count: number, options?: { path?: string; timeoutMs?: number }): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** Starts a receiver answering 200 `ok` until told otherwise. */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  let replyWith: (request: ReceivedRequest, n: number) => ReceiverReply = () => ({ status: 200, body: "ok" });
  const hanging = new Set<ServerResponse>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      requests.push(request);
      const reply = replyWith(request, requests.filter((r) => r.path === request.path).length);
      if (reply === "hang") {
        hanging.add(res);
        return;
      }
      const answer = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) {
        hanging.add(res);
        setTimeout(() => {
          hanging.delete(res);
          answer();
        }, reply.delayMs);
      } else {
        answer();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const on = (path: string) => requests.filter((r) => r.path === path);
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    on,
    reply(fn) {
      replyWith = fn;
    },
    async waitFor(count, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 15_000);
      const matching = () => (options.path === undefined ? requests : on(options.path));
      while (matching().length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `receiver got ${matching().length} of ${count} requests${options.path ? ` on ${options.path}` : ""}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return matching();
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Records a synthetic event through the unit of work and the outbox, as a use case would (orders
 * are built elsewhere): the relay hands it to delivery once committed.
 */
export async function recordEvent(
  database: Pick<TestDatabase, "db">,
  input: {
    type: EventType;
    data?: Record<string, unknown>;
    training?: boolean;
    providerTeamIds?: string[];
    resellerTeamIds?: string[];
    delivery?: DeliveryHints;
  },
  options: { onEventsCommitted?: () => void } = {},
): Promise<DomainEvent> {
  const event = createEvent(
    {
      type: input.type,
      data: input.data ?? { orderId: randomUuid() },
      training: input.training ?? false,
      audience: { providerTeamIds: input.providerTeamIds ?? [], resellerTeamIds: input.resellerTeamIds ?? [] },
      ...(input.delivery ? { delivery: input.delivery } : {}),
    },
    { id: randomUuid(), now: new Date() },
  );
  const unitOfWork = new PostgresUnitOfWork({ db: database.db, onEventsCommitted: options.onEventsCommitted });
  await unitOfWork.transaction((tx) => tx.outbox.record([event]));
  return event;
}

/** Polls `check` until it returns a value other than undefined, or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

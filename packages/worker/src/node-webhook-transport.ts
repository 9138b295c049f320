import http from "node:http";
import https from "node:https";
import {
  DELIVERY_TIMEOUT_MS,
  type WebhookRequest,
  type WebhookResponse,
  type WebhookTransport,
} from "@marketplace/core";
import { MAX_RECORDED_RESPONSE_BYTES } from "@marketplace/core/webhooks";
import { guardedLookup, RefusedTargetError, type TargetPolicy, urlRefusal } from "./webhook-target-guard.ts";

/** Options of `NodeWebhookTransport`. */
export interface NodeWebhookTransportOptions {
  /** Admit loopback targets and `http://` to localhost (development and tests); default false. */
  allowLoopback?: boolean;
  /** Deadline of one request, response body included, in ms; default 10000. */
  timeoutMs?: number;
  /** Response bytes kept; default 4096. The rest is not read. */
  maxResponseBytes?: number;
}

/**
 * Sends deliveries with Node's http/https clients:
 *
 * - refuses targets that are not https (http only to loopback with `allowLoopback`), and targets
 *   whose resolved addresses are private, loopback or link-local, checking the address the socket
 *   connects to (see `guardedLookup`), so DNS rebinding cannot get around it;
 * - gives each request a deadline covering the whole exchange (10 s);
 * - never follows redirects: a 3xx is a response like any other, hence a failed delivery;
 * - keeps the first 4 KiB of the response body and stops reading there.
 *
 * Its own keep-alive agents: sockets are never shared with other code of the process.
 */
export class NodeWebhookTransport implements WebhookTransport {
  private readonly policy: TargetPolicy;
  private readonly timeoutMs: number;
  private readonly maxResponseBytes: number;
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;

  constructor(options: NodeWebhookTransportOptions = {}) {
    this.policy = { allowLoopback: options.allowLoopback ?? false };
    this.timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
    this.maxResponseBytes = options.maxResponseBytes ?? MAX_RECORDED_RESPONSE_BYTES;
    if (!Number.isInteger(this.timeoutMs) || this.timeoutMs < 1) {
      throw new RangeError(`NodeWebhookTransport: timeoutMs must be a positive integer, got ${this.timeoutMs}`);
    }
    this.httpAgent = new http.Agent({ keepAlive: true, maxSockets: 50 });
    this.httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 50 });
  }

  async send(request: WebhookRequest): Promise<WebhookResponse> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return { kind: "error", error: `target refused: ${request.url} is not a valid URL` };
    }
    const refusal = urlRefusal(url, this.policy);
    if (refusal) return { kind: "error", error: `target refused: ${refusal}` };

    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
    const body = Buffer.from(request.body, "utf8");
    const client = url.protocol === "https:" ? https : http;
    return new Promise<WebhookResponse>((resolve) => {
      let settled = false;
      const finish = (result: WebhookResponse) => {
        if (settled) return;
        settled = true;
        resolve(result);
      };
      const describe = (error: unknown): string => {
        if (timeout.aborted) return `timeout: no complete response within ${this.timeoutMs} ms`;
        if (request.signal?.aborted) return "aborted: the worker is shutting down";
        if (error instanceof RefusedTargetError) return error.message;
        const { code, message } = error as { code?: string; message?: string };
        return code && !String(message).includes(code) ? `${code}: ${message}` : String(message ?? error);
      };
      const req = client.request(url, {
        method: "POST",
        headers: { ...request.headers, "Content-Length": String(body.length) },
        agent: url.protocol === "https:" ? this.httpsAgent : this.httpAgent,
        lookup: guardedLookup(this.policy),
        signal,
      });
      // Once the status has arrived, a body cut short (deadline, reset) still makes a response.
      let done: (() => void) | null = null;
      req.on("error", (error) => (done ? done() : finish({ kind: "error", error: describe(error) })));
      req.on("response", (res) => {
        const statusCode = res.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        done = () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const retryAfter = res.headers["retry-after"];
          const headers: Record<string, string> = {};
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
            const name = (res.rawHeaders[i] as string).toLowerCase();
            const value = res.rawHeaders[i + 1] as string;
            headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
          }
          finish({
            kind: "response",
            statusCode,
            body: text,
            headers,
            ...(typeof retryAfter === "string" ? { retryAfter } : {}),
          });
        };
        res.on("data", (chunk: Buffer) => {
          if (kept < this.maxResponseBytes) {
            const part = chunk.subarray(0, this.maxResponseBytes - kept);
            chunks.push(part);
            kept += part.length;
          }
          if (kept >= this.maxResponseBytes) {
            done?.();
            res.destroy();
          }
        });
        res.on("end", done);
        res.on("error", done);
        res.on("close", done);
      });
      req.end(body);
    });
  }

  /** Closes the pooled sockets. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/**
 * A deploy-safe drain for runtimes whose server has a graceful stop of its own (`Deno.serve`'s
 * `shutdown()`, `Bun.serve`'s `stop()`), at the level of the fetch handler: the same steps as the
 * Node listener's drain (http-drain.ts), without access to sockets.
 *
 * A graceful stop alone resets a keep-alive client that sends its next request on an idle
 * connection as the server closes it (ECONNRESET; the hosts' suite saw 3–4 per SIGTERM under
 * keep-alive load). So, once the drain starts:
 * 1. every response says `Connection: close` (clients stop reusing their connections), and each
 *    request that arrives is held, not handled;
 * 2. once no request has arrived for `quietMs` and every request in the server is a held one (its
 *    client waits for the answer and is not sending anything else), or after `quietMaxMs`, the
 *    runtime's graceful stop begins: the listener closes, a new connection is refused;
 * 3. the held requests are handled and answered (with `Connection: close`); the stop waits for them.
 *
 * @module
 */

import type { FetchHandler } from "./runtime.ts";

/** A fetch handler's drain. */
export interface FetchDrain {
  /** Wraps the handler: counts requests, holds them while the drain waits, marks answers `Connection: close`. */
  wrap(fetch: FetchHandler): FetchHandler;
  /**
   * Runs the drain: waits for quiet, then calls `stop` (the runtime's graceful stop, which must
   * wait for requests in flight) and releases the held requests. Resolves when `stop` has.
   */
  drain(stop: () => Promise<void>): Promise<void>;
}

/**
 * Creates a drain: quiet 250 ms, at most 2000 ms of waiting for it. Longer than http-drain.ts's
 * 50 ms: that drain sees which sockets are idle, this one only sees requests, so a keep-alive client
 * that got its last answer before the drain began (without `Connection: close`) is invisible until
 * it sends again. 50 ms was too short on a loaded machine: clients slowed by the load paused longer
 * than the window and were reset (figures: docs/performance.md, "Request hot path"); 250 ms costs a
 * quarter of a second per stop.
 */
export function createFetchDrain(options: { quietMs?: number; quietMaxMs?: number } = {}): FetchDrain {
  const quietMs = options.quietMs ?? 250;
  const quietMaxMs = options.quietMaxMs ?? 2000;
  let closing = false;
  let inFlight = 0;
  let lastRequestAt = 0;
  let held: { count: number; release: Promise<void>; open: () => void } | null = null;

  const closeConnection = (response: Response): Response => {
    try {
      response.headers.set("connection", "close");
      return response;
    } catch {
      // Immutable headers (e.g. Response.redirect): a copy that can say it.
      const headers = new Headers(response.headers);
      headers.set("connection", "close");
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  };

  return {
    wrap(fetch) {
      return async (request, env) => {
        inFlight += 1;
        lastRequestAt = Date.now();
        try {
          const gate = held;
          if (gate !== null) {
            gate.count += 1;
            await gate.release;
          }
          const response = await fetch(request, env);
          return closing ? closeConnection(response) : response;
        } finally {
          inFlight -= 1;
        }
      };
    },
    async drain(stop) {
      let open = () => {};
      const release = new Promise<void>((resolve) => {
        open = resolve;
      });
      const gate = { count: 0, release, open };
      held = gate;
      closing = true;
      const deadline = Date.now() + quietMaxMs;
      while (Date.now() < deadline) {
        if (inFlight <= gate.count && Date.now() - lastRequestAt >= quietMs) break;
        await new Promise((resolve) => setTimeout(resolve, Math.max(1, Math.min(10, quietMs))));
      }
      const stopped = stop();
      held = null;
      gate.open();
      await stopped;
    },
  };
}

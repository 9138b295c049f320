/**
 * Deploy-safe shutdown of a Node HTTP server: no request the server accepted is reset.
 *
 * Why not http-terminator or stoppable: both destroy idle keep-alive sockets the moment shutdown
 * starts, and http-terminator keeps listening and destroys new connections. A client that sent its
 * next request on such a socket a moment earlier gets a reset, which is what the fault tests
 * measured (ADR-0059; figures: docs/performance.md, "Request hot path"). Node's own `server.close()` does the
 * same (it calls `closeIdleConnections()` since Node 19).
 *
 * Why requests are held before the listener closes: closing a listening socket makes the kernel
 * reset every connection still in its accept queue (handshake done, not yet accepted), so a client
 * that opens one connection per request gets `ECONNRESET` for a request it sent before the signal
 * (figures: docs/performance.md, "Request hot path"). Node accepts one queued connection per turn of the
 * event loop (libuv), and the drain used to close after a single turn: a queue of n lost n - 1. A
 * listener cannot stop accepting and keep its queue, so the drain makes the wire quiet first:
 * requests that arrive from the drain's start wait (unhandled) while the queue is accepted, turn by
 * turn; once a turn accepts nothing, every request in the server is such a waiting one and no
 * connection has arrived for `quietMs`, no client is mid-connect (each waits for its answer), the
 * listener closes, and the waiting requests are handled and answered with
 * `Connection: close`. A client's next connection then meets a closed port (`ECONNREFUSED`).
 *
 * @module
 */

import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** Options of `trackConnections`. */
export interface DrainOptions {
  /**
   * During a drain, a keep-alive socket idle this long is closed (a client that sends on it before
   * then is answered, with `Connection: close`); default 1000 ms.
   */
  idleGraceMs?: number;
  /**
   * The listener closes once no connection has arrived for this long and every request in the
   * server is one held by the drain; default 50 ms.
   */
  quietMs?: number;
  /** The listener closes after this long whatever arrives (clients that never pause); default 2000 ms. */
  quietMaxMs?: number;
}

/** A server's connections, drained on demand. */
export interface ConnectionDrain {
  /** True once `drain` was called. */
  readonly draining: boolean;
  /**
   * Wraps the server's request handler: while the drain waits for the wire to be quiet, a request
   * is held (not yet handled) until the listener is closed; otherwise it is handled at once.
   */
  gate<A extends unknown[], R>(handler: (...args: A) => R | Promise<R>): (...args: A) => R | Promise<R>;
  /**
   * Stops accepting, answers every request from now on with `Connection: close`, lets requests in
   * flight finish, closes keep-alive sockets once they are idle for `idleGraceMs`, and resolves
   * when no connection is left; after `timeoutMs`, closes what remains and resolves.
   */
  drain(timeoutMs: number): Promise<{ forced: number }>;
}

interface Tracked {
  /** Requests received on the socket and not yet answered in full. */
  active: number;
  /** When the socket last finished a response (or connected). */
  idleSince: number;
}

/**
 * Tracks the sockets and requests of `server`. Call before it serves traffic.
 *
 * @example
 * const connections = trackConnections(server);
 * process.on("SIGTERM", () => connections.drain(10_000).then(() => process.exit(0)));
 */
export function trackConnections(server: Server, options: DrainOptions = {}): ConnectionDrain {
  const idleGraceMs = options.idleGraceMs ?? 1000;
  const quietMs = options.quietMs ?? 50;
  const quietMaxMs = options.quietMaxMs ?? 2000;
  const sockets = new Map<Socket, Tracked>();
  let draining = false;
  let wake: (() => void) | null = null;
  /** Requests received and not yet answered, on every socket. */
  let inFlight = 0;
  /** Of those, how many the gate holds; null when the gate is open. */
  let held: { count: number; release: Promise<void>; open: () => void } | null = null;
  let lastConnectionAt = 0;
  let connectionsSeen = 0;

  server.on("connection", (socket: Socket) => {
    lastConnectionAt = Date.now();
    connectionsSeen += 1;
    sockets.set(socket, { active: 0, idleSince: Date.now() });
    socket.once("close", () => {
      sockets.delete(socket);
      wake?.();
    });
  });
  // First among the request listeners, so the header is set before any handler writes.
  server.prependListener("request", (request, response) => {
    const tracked = sockets.get(request.socket);
    if (tracked) tracked.active += 1;
    inFlight += 1;
    if (draining && !response.headersSent) response.setHeader("connection", "close");
    response.once("close", () => {
      inFlight -= 1;
      if (tracked) {
        tracked.active -= 1;
        tracked.idleSince = Date.now();
      }
      wake?.();
    });
  });

  return {
    get draining() {
      return draining;
    },
    gate(handler) {
      return (...args) => {
        const gate = held;
        if (gate === null) return handler(...args);
        gate.count += 1;
        wake?.();
        return gate.release.then(() => handler(...args));
      };
    },
    async drain(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      // 1. Hold the requests that arrive from now on, and answer with Connection: close.
      let open = () => {};
      const release = new Promise<void>((resolve) => {
        open = resolve;
      });
      held = { count: 0, release, open };
      draining = true;
      // 2. Accept what the kernel queued, until the wire is quiet. Node accepts one connection per
      //    turn of the event loop (libuv's fairness), so a queue of n connections takes n turns:
      //    turn again while a turn accepted one, and only decide in the check phase (setImmediate),
      //    right after a poll phase that accepted nothing, i.e. found the queue empty. Quiet: the
      //    last turn accepted nothing, every request in the server is a held one (their clients
      //    wait; none is connecting), and no connection came for quietMs.
      const quietDeadline = Date.now() + Math.min(quietMaxMs, timeoutMs);
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : null;
      for (;;) {
        const seen = connectionsSeen;
        await new Promise<void>((resolve) => setImmediate(resolve));
        const now = Date.now();
        if (now >= quietDeadline) break;
        if (connectionsSeen !== seen) continue; // the queue may hold more: another turn at once
        // Where the kernel says (Linux), the queue must be empty too: under CPU starvation a turn
        // can pass without the accept that the queue is waiting for.
        const queued = port === null ? null : acceptQueueLength(port);
        if (queued !== null && queued > 0) {
          await new Promise<void>((resolve) => setTimeout(resolve, 1));
          continue;
        }
        if (inFlight <= held.count && now - lastConnectionAt >= quietMs) break;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(1, Math.min(quietMs, quietDeadline - now)));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      // 3. Stop listening: net.Server's close, not http.Server's, which would also close idle
      //    keep-alive sockets at once (the race above). A client connecting from now on is refused.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // 4. Handle the held requests (answered with Connection: close).
      held.open();
      held = null;
      while (sockets.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, tracked] of sockets) {
          if (tracked.active === 0 && now - tracked.idleSince >= idleGraceMs) socket.end();
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(50, Math.max(1, deadline - Date.now())));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = null;
      }
      const forced = sockets.size;
      for (const socket of sockets.keys()) socket.destroy();
      await closed;
      return { forced };
    },
  };
}

/**
 * Linux: how many connections wait in the accept queue of the listening socket on `port` (the
 * `rx_queue` of its LISTEN rows in /proc/net/tcp and tcp6); null where /proc does not say.
 */
export function acceptQueueLength(port: number): number | null {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let found: number | null = null;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx_queue:rx_queue …; st 0A is LISTEN.
      if (fields[3] !== "0A" || !fields[1]?.endsWith(hexPort)) continue;
      found = (found ?? 0) + Number.parseInt(fields[4]?.split(":")[1] ?? "0", 16);
    }
  }
  return found;
}

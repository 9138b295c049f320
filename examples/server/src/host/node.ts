/**
 * The Node runtime of the host: @hono/node-server's listener with the deploy-safe drain
 * (http-drain.ts: requests held while the wire goes quiet, none reset), the socket's peer address
 * from `getConnInfo`, and the metrics port on a second node-server listener.
 *
 * @module
 */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type ConnectionDrain, trackConnections } from "../http-drain.ts";
import type { FetchHandler, HostRuntime, ListenAt } from "./runtime.ts";

function listenNode(fetch: FetchHandler, at: ListenAt, track: boolean) {
  return new Promise<{ server: Server; drain: ConnectionDrain | null }>((resolve, reject) => {
    // Requests pass the drain's gate: held while a shutdown waits for the wire to be quiet.
    let handle: FetchHandler = fetch;
    let drain: ConnectionDrain | null = null;
    const s = serve({ fetch: (request, env) => handle(request, env), port: at.port, hostname: at.host }, () =>
      resolve({ server: s as unknown as Server, drain }),
    ) as unknown as Server;
    if (track) {
      // Before the first connection: every socket and request is tracked for the drain.
      drain = trackConnections(s);
      handle = drain.gate(fetch);
    }
    s.once("error", reject);
  });
}

/** Node: `serve` from @hono/node-server, drained by `trackConnections`. */
export const nodeRuntime: HostRuntime = {
  name: `node ${process.version}`,
  clientIp: (c) => getConnInfo(c).remote.address,
  async listen(fetch, at) {
    const { server, drain } = await listenNode(fetch, at, true);
    return {
      port: (server.address() as AddressInfo).port,
      drain: (timeoutMs) => (drain as ConnectionDrain).drain(timeoutMs),
    };
  },
  async serveMetrics(fetch, at) {
    const { server } = await listenNode(fetch, at, false);
    return {
      port: (server.address() as AddressInfo).port,
      close: () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    };
  },
};

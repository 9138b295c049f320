/** `pnpm faults` (bench/faults.mjs), scenario C. */

import http from "node:http";
import { sleep } from "../util.mjs";
import { startServer } from "./server.mjs";
import { progress, SETTINGS } from "./settings.mjs";

// ── C: SIGTERM under keep-alive load ──────────────────────────────────────────────────────────────

function get(agent, url) {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, timeout: 15_000 }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode, connection: response.headers.connection }));
      response.on("error", (error) => resolve({ error: error.code ?? error.message }));
    });
    request.on("timeout", () => request.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    request.on("error", (error) => resolve({ error: error.code ?? error.message }));
  });
}

export async function sigterm(cluster, cleanups, delayMs) {
  const label = `C (delay ${delayMs} ms)`;
  const databaseUrl = await cluster.createDatabase(`faults_c_${delayMs}`);
  const server = await startServer(
    databaseUrl,
    { MARKETPLACE_SEED: "false", MARKETPLACE_SHUTDOWN_DELAY_MS: String(delayMs) },
    label,
  );
  cleanups.push(() => server.stop(5000));
  const agent = new http.Agent({ keepAlive: true, maxSockets: SETTINGS.keepAliveConnections });
  const outcomes = [];
  let signalledAt = Number.POSITIVE_INFINITY;
  const deadline = Date.now() + 20_000;
  const clients = Array.from({ length: SETTINGS.keepAliveConnections }, async (_, i) => {
    for (;;) {
      if (Date.now() > deadline) return;
      const sentAt = Date.now();
      const outcome = await get(agent, `${server.url}/${i % 2 === 0 ? "health" : ""}`);
      outcomes.push({ sentAt, at: Date.now(), ...outcome });
      if (outcome.error === "ECONNREFUSED") return; // the listener is closed: this client is done
    }
  });
  await sleep(SETTINGS.sigtermAfterMs);
  // /ready polled on fresh connections (no keep-alive): sees 503 while draining, then a refusal
  // once the listener has closed.
  const polls = [];
  let polling = true;
  const poller = (async () => {
    while (polling && Date.now() < deadline) {
      const outcome = await get(false, `${server.url}/ready`);
      polls.push({ at: Date.now(), ...outcome });
      if (outcome.error === "ECONNREFUSED") return;
      await sleep(10);
    }
  })();
  await sleep(50);
  signalledAt = Date.now();
  server.child.kill("SIGTERM");
  await Promise.all(clients);
  polling = false;
  await poller;
  agent.destroy();
  const exit = await Promise.race([server.exited, sleep(20_000).then(() => "no exit within 20 s")]);
  if (server.alive()) server.child.kill("SIGKILL");

  const answered = outcomes.filter((o) => o.status !== undefined);
  const refused = outcomes.filter((o) => o.error === "ECONNREFUSED");
  const resets = outcomes.filter((o) => o.error !== undefined && o.error !== "ECONNREFUSED");
  const after = answered.filter((o) => o.at > signalledAt);
  const statuses = {};
  for (const o of answered) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
  const first503 = polls.find((p) => p.status === 503);
  const refusals = [...polls, ...outcomes].filter((o) => o.error === "ECONNREFUSED").map((o) => o.at);
  const firstRefusedAt = refusals.length ? Math.min(...refusals) : null;
  const errorLines = server.notable.filter((l) => l.level >= 50);
  const result = {
    delayMs,
    requests: outcomes.length,
    answered: answered.length,
    statuses,
    answeredAfterSignal: after.length,
    answeredAfterSignalWithClose: after.filter((o) => o.connection === "close").length,
    resets: resets.length,
    resetSamples: resets.slice(0, 5).map((o) => ({ error: o.error, msAfterSignal: o.sentAt - signalledAt })),
    refused: refused.length,
    exit,
    stoppedLogged: server.stopped(),
    errorLines: errorLines.slice(0, 10),
    readyPolls: polls.length,
    first503MsAfterSignal: first503 ? first503.at - signalledAt : null,
    listenerClosedMsAfterSignal: firstRefusedAt === null ? null : firstRefusedAt - signalledAt,
    ready503BeforeListenerClosed: first503 !== undefined && firstRefusedAt !== null && first503.at < firstRefusedAt,
  };
  progress(
    `${label}: ${result.answered} answered (${JSON.stringify(statuses)}; ${result.answeredAfterSignal} after the signal, ${result.answeredAfterSignalWithClose} with Connection: close), ${result.resets} resets${resets.length ? ` ${JSON.stringify(result.resetSamples)}` : ""}, ${result.refused} refused; exit ${exit}; ${errorLines.length} log lines ≥ 50${errorLines.length ? ` ${JSON.stringify(errorLines.map((l) => l.msg))}` : ""}; /ready 503 at +${result.first503MsAfterSignal ?? "—"} ms, listener closed (first refusal) at +${result.listenerClosedMsAfterSignal ?? "—"} ms`,
  );
  return result;
}

/** `pnpm faults` (bench/faults.mjs): the table of target vs measured, and what was built. */

import { execFileSync } from "node:child_process";
import { root } from "../util.mjs";
import { SETTINGS } from "./settings.mjs";

// ── Report ────────────────────────────────────────────────────────────────────────────────────────

export function buildTable(results) {
  const rows = [];
  const row = (figure, target, measured, met) => rows.push({ figure, target, measured, met });
  const { A, B, C } = results;
  if (A) {
    const n = A.restarts.length;
    const alive = A.restarts.filter((r) => r.alive).length;
    const resumed = A.restarts.filter((r) => r.resumeMs !== null && r.resumeMs <= SETTINGS.resumeTargetMs);
    const resumeList = A.restarts
      .map((r) => (r.resumeMs === null ? "none" : `${(r.resumeMs / 1000).toFixed(1)}`))
      .join(" / ");
    const fiveXx = A.restarts.reduce((sum, r) => sum + r.failedAfter.fiveXx, 0);
    const netAfter = A.restarts.reduce((sum, r) => sum + r.failedAfter.networkErrors, 0);
    const otherAfter = A.restarts.reduce((sum, r) => sum + r.failedAfter.other, 0);
    const requestsAfter = A.restarts.reduce((sum, r) => sum + r.requestsAfter, 0);
    const during = A.restarts.reduce(
      (sum, r) => sum + r.failedDuring.fiveXx + r.failedDuring.networkErrors + r.failedDuring.other,
      0,
    );
    const duringRequests = A.restarts.reduce((sum, r) => sum + r.requestsDuring, 0);
    row(
      `A. process alive through ${SETTINGS.restarts} PostgreSQL restarts`,
      `${SETTINGS.restarts}/${SETTINGS.restarts}`,
      `${alive}/${SETTINGS.restarts}${n < SETTINGS.restarts ? ` (stopped after ${n})` : ""}`,
      alive === SETTINGS.restarts && A.aliveAtEnd,
    );
    row(
      "A. deliveries resume after the database accepts (s, per restart)",
      `≤ 5 s, ${SETTINGS.restarts}/${SETTINGS.restarts}`,
      `${resumed.length}/${SETTINGS.restarts}: ${resumeList}`,
      resumed.length === SETTINGS.restarts,
    );
    row(
      "A. 5xx once the database is back",
      "0",
      `${fiveXx} of ${requestsAfter} requests (+${netAfter} network errors, ${otherAfter} other non-201)`,
      fiveXx === 0 && netAfter === 0,
    );
    row(
      "A. events lost (orders 201 vs distinct orderIds delivered by the end)",
      "0",
      `${A.lost} (${A.distinctOrdersDelivered}/${A.ordersAnswered201} delivered${A.pipelineAtEnd?.jobs ? `; queue at the end: ${A.pipelineAtEnd.jobs.total} jobs, ${A.pipelineAtEnd.jobs.locked} locked, outbox ${A.pipelineAtEnd.outbox}` : ""})`,
      A.lost === 0,
    );
    row("A. duplicate deliveries (info)", "—", `${A.duplicates} of ${A.deliveriesOfOrderCreated}`, null);
    row("A. failed requests in flight during a restart (info)", "may fail", `${during} of ${duringRequests}`, null);
    row("A. SIGTERM after the restarts (info)", "exit 0", `exit ${A.exitOnSigterm}`, null);
  }
  if (B) {
    const limit = B.without.p95Ms === null ? null : 2 * B.without.p95Ms;
    row(
      "B. healthy p50 / p95 without the hang",
      "—",
      `${B.without.p50Ms} / ${B.without.p95Ms} ms (${B.without.delivered}/${B.without.ok})`,
      null,
    );
    row(
      `B. healthy p95 with ${SETTINGS.hangingOrders} orders queued for a hanging endpoint`,
      `≤ 2 × ${B.without.p95Ms} = ${limit} ms`,
      `p50 ${B.withHang.p50Ms} / p95 ${B.withHang.p95Ms} ms (${B.ratio}×; ${B.withHang.delivered}/${B.withHang.ok})`,
      limit !== null &&
        B.withHang.p95Ms !== null &&
        B.withHang.p95Ms <= limit &&
        B.withHang.delivered === B.withHang.ok,
    );
    row("B. requests the hanging endpoint received (info)", "—", `${B.hangRequests} in ${B.hangWindowS} s`, null);
  }
  for (const c of C ?? []) {
    row(
      `C. SIGTERM, delay ${c.delayMs} ms: resets of accepted requests`,
      "0",
      `${c.resets} (${c.answered} answered, ${c.answeredAfterSignal} after the signal; ${c.refused} refused)`,
      c.resets === 0,
    );
    row(`C. SIGTERM, delay ${c.delayMs} ms: exit code`, "0", String(c.exit), c.exit === 0);
    row(
      `C. SIGTERM, delay ${c.delayMs} ms: log lines ≥ 50`,
      "none",
      String(c.errorLines.length),
      c.errorLines.length === 0,
    );
    if (c.delayMs > 0) {
      row(
        `C. SIGTERM, delay ${c.delayMs} ms: /ready 503 before the listener closed`,
        "yes",
        `503 at +${c.first503MsAfterSignal ?? "—"} ms, closed at +${c.listenerClosedMsAfterSignal ?? "—"} ms`,
        c.ready503BeforeListenerClosed,
      );
    }
  }
  const mark = (met) => (met === null ? "" : met ? "✅ met" : "❌ not met");
  const lines = ["| Figure | Target | Measured | Result |", "|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.figure} | ${r.target} | ${r.measured} | ${mark(r.met)} |`);
  return { rows, markdown: lines.join("\n") };
}

/** What was built: HEAD and the source files changed in the shared working tree beside it. */
export function buildInfo() {
  const git = (...gitArgs) => {
    try {
      return execFileSync("git", gitArgs, { cwd: root, encoding: "utf8" }).trim();
    } catch {
      return null;
    }
  };
  const changed = git("status", "--porcelain", "--", "packages", "examples");
  return {
    head: git("log", "-1", "--format=%h %s"),
    uncommittedSourceFiles: changed === null ? null : changed.split("\n").filter(Boolean).length,
  };
}

/** `pnpm bench` (bench/run.mjs): one autocannon run, and the project against bare, interleaved. */

import autocannon from "autocannon";
import { cpuMsOf, MB, median, round } from "../util.mjs";
import { progress, SETTINGS } from "./settings.mjs";

/** Server processes that had their first (longer) warm-up. */
const warmedUp = new Set();

/** One autocannon run; throughput counts 2xx responses only. */
async function load(target, durationS, extra = {}) {
  const cpuBefore = target.pid ? cpuMsOf(target.pid) : null;
  const result = await autocannon({
    url: target.url,
    connections: SETTINGS.connections,
    duration: durationS,
    ...target.options,
    ...extra,
  });
  const ok = result["2xx"];
  const cpuAfter = target.pid ? cpuMsOf(target.pid) : null;
  return {
    rps: ok / result.duration,
    cpuMsPerRequest: cpuAfter !== null && cpuBefore !== null && ok > 0 ? (cpuAfter - cpuBefore) / ok : null,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Warm-up, then `runs` runs of project and bare, interleaved; medians. The project server's peak RSS
 * is sampled through the runs.
 */
export async function compare(name, project, bare, sampler) {
  const { runs, durationS } = SETTINGS;
  // The first load of a fresh server also warms V8's JIT: longer.
  const warmupS = warmedUp.has(project.pid) ? SETTINGS.warmupS : SETTINGS.warmupS * 3;
  warmedUp.add(project.pid);
  await load(project, warmupS);
  if (bare) await load(bare, warmupS);
  const p = [];
  const b = [];
  const rssBefore = sampler.reset();
  for (let i = 0; i < runs; i++) {
    const pr = await load(project, durationS);
    p.push(pr);
    let line = `${name}: run ${i + 1}/${runs} project ${Math.round(pr.rps)} req/s (p99 ${pr.p99} ms)`;
    if (pr.non2xx || pr.errors) line += ` [${pr.non2xx} non-2xx, ${pr.errors} errors]`;
    if (bare) {
      const br = await load(bare, durationS);
      b.push(br);
      line += `, bare ${Math.round(br.rps)} req/s (p99 ${br.p99} ms)`;
      if (br.non2xx || br.errors) line += ` [${br.non2xx} non-2xx, ${br.errors} errors]`;
    }
    progress(line);
  }
  const projectRps = median(p.map((r) => r.rps));
  const bareRps = bare ? median(b.map((r) => r.rps)) : null;
  return {
    name,
    projectRps: round(projectRps),
    bareRps: round(bareRps),
    ratio: bareRps ? round(projectRps / bareRps, 2) : null,
    projectP50Ms: median(p.map((r) => r.p50)),
    projectP99Ms: median(p.map((r) => r.p99)),
    bareP50Ms: bare ? median(b.map((r) => r.p50)) : null,
    bareP99Ms: bare ? median(b.map((r) => r.p99)) : null,
    projectCpuMsPerRequest: round(median(p.map((r) => r.cpuMsPerRequest)), 3),
    bareCpuMsPerRequest: bare ? round(median(b.map((r) => r.cpuMsPerRequest)), 3) : null,
    failures: p.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    bareFailures: b.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
    rssBeforeMb: round(rssBefore / MB, 1),
    peakRssMb: round(sampler.peak() / MB, 1),
    runs: { project: p.map((r) => round(r.rps)), bare: b.map((r) => round(r.rps)) },
  };
}

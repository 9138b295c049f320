/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and the
 * packages (node_modules folder or project package) they belong to.
 *
 *   BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/run.mjs --quick --only reads
 *   node bench/profile-top.mjs /tmp/prof/<file>.cpuprofile [count]     (one file; --help)
 */

import { readFileSync } from "node:fs";
import { readArgs, usageError } from "./args.mjs";

const COMMAND = {
  command: "bench/profile-top.mjs",
  usage: `Summarises a V8 CPU profile (node --cpu-prof; BENCH_SERVER_NODE_ARGS="--cpu-prof
--cpu-prof-dir=/tmp/prof" node bench/run.mjs --quick --only reads writes one per server): self time by
package (node_modules folder or project package), then the <count> functions (default 30) with the
most self time and with the most inclusive time.`,
  options: {},
  positionals: ["file.cpuprofile"],
  optionalPositionals: ["count"],
};
const {
  positionals: [file, countArg],
} = readArgs(COMMAND);
if (countArg !== undefined && !/^\d+$/.test(countArg))
  usageError(COMMAND, `count ${JSON.stringify(countArg)}: not a whole number`);
const profile = JSON.parse(readFileSync(file, "utf8"));
const count = Number(countArg ?? 30);
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const packageOf = (url) => {
  if (!url) return "(native)";
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
  if (nm) return nm[1];
  const own = /\/(packages|examples)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  if (url.startsWith("node:")) return "node";
  return url;
};
const functions = new Map();
const packages = new Map();
for (const [id, time] of self) {
  const { callFrame } = byId.get(id);
  const key = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").slice(-2).join("/")}:${callFrame.lineNumber + 1}`;
  functions.set(key, (functions.get(key) ?? 0) + time);
  const pkg = packageOf(callFrame.url);
  packages.set(pkg, (packages.get(pkg) ?? 0) + time);
}
const show = (title, map, n) => {
  process.stdout.write(`\n${title}\n`);
  for (const [key, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    process.stdout.write(`${((100 * time) / total).toFixed(1).padStart(5)} %  ${key}\n`);
  }
};
// Inclusive time: each function counted once per sampled stack (recursion not double counted).
const parentOf = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
const inclusive = new Map();
for (const [id, time] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
    const { callFrame } = byId.get(cur);
    const key = `${callFrame.functionName || "(anonymous)"} ${callFrame.url.split("/").slice(-2).join("/")}:${callFrame.lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + time);
  }
}
process.stdout.write(`${file}: ${(total / 1e6).toFixed(1)} s sampled\n`);
show("self time by package", packages, 15);
show("self time by function", functions, count);
show("inclusive time by function", inclusive, count);

import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { type CommandSpec, helpText, parseCommandLine } from "../bench/args.mjs";

// The bench scripts read their command line strictly (bench/args.mjs): `--help` prints the usage and
// exits 0 before anything starts, an unknown option or a bad value exits 2 naming it. A bench run
// takes minutes and starts PostgreSQL; a flag it silently ignored (`--runs` for `--run`) used to
// cost all of that.

const root = fileURLToPath(new URL("..", import.meta.url));

/** The scripts one runs (`node bench/<name>.mjs`): each reads its arguments through bench/args.mjs. */
const ENTRIES = [
  "analytics",
  "analytics-fold",
  "analytics-idle-read",
  "bare-server",
  "bulk-progress",
  "dashboard-pages",
  "faults",
  "logging",
  "profile-top",
  "prune",
  "revocation",
  "run",
  "scale",
  "sign-in",
  "webhooks-health",
  "webhooks-portal",
];
/** The modules the scripts import (no command line of their own). */
const MODULES = [
  "analytics-order-path",
  "analytics-seed",
  "analytics-settings",
  "args",
  "capture",
  "delivery-log-seed",
  "scale-plot",
  "scale-seed",
  "seed",
  "util",
];

// A temporary folder of the scripts' own: a bench that got as far as its PostgreSQL or its servers
// would leave its folder there (mkdtemp in os.tmpdir()).
const scratch = mkdtempSync(join(tmpdir(), "bench-args-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function run(script: string, args: string[]) {
  const started = performance.now();
  const result = spawnSync(process.execPath, [`bench/${script}.mjs`, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, TMPDIR: scratch },
    timeout: 20_000,
  });
  return { ...result, ms: performance.now() - started };
}

describe("the bench scripts", () => {
  it("are each listed above, as an entry script or as a module", () => {
    const files = readdirSync(join(root, "bench"))
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => name.replace(/\.mjs$/, ""));
    expect(files.sort()).toEqual([...ENTRIES, ...MODULES].sort());
  });

  it.each(ENTRIES)("%s: --help prints the usage and exits 0 at once, starting nothing", (script) => {
    const result = run(script, ["--help"]);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^usage: node bench/${script}\\.mjs`));
    expect(result.stdout).toContain("-h, --help");
    expect(result.stderr).toBe("");
    expect(result.ms).toBeLessThan(5000);
    expect(readdirSync(scratch)).toEqual([]);
    expect(run(script, ["-h"]).stdout).toBe(result.stdout);
  });

  it.each(ENTRIES)("%s: an unknown option exits 2 naming it", (script) => {
    const result = run(script, ["--no-such-flag"]);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--no-such-flag");
    expect(result.stderr).toContain("-h, --help");
    expect(result.stdout).toBe("");
    expect(readdirSync(scratch)).toEqual([]);
  });

  it("reject a bad value before doing anything", () => {
    const runs = run("run", ["--runs", "abc"]);
    expect(runs.status).toBe(2);
    expect(runs.stderr).toContain('--runs "abc": not a whole number');
    const phase = run("run", ["--quick", "--only", "reads,oders"]);
    expect(phase.status).toBe(2);
    expect(phase.stderr).toContain("oders is not one of reads, orders, logging, delivery, bulk");
    const missing = run("prune", ["--rows"]);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("--rows");
    const seed = run("analytics", ["--seed", "fast"]);
    expect(seed.status).toBe(2);
    expect(seed.stderr).toContain("must be one of triggers, rebuild");
    expect(readdirSync(scratch)).toEqual([]);
  });

  it("hand `pnpm bench --scale` to bench/scale.mjs with the same arguments", () => {
    const help = run("run", ["--scale", "--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^usage: node bench\/scale\.mjs/);
    // run.mjs's own options are not scale.mjs's: strictly read there too.
    const runs = run("run", ["--scale", "--quick", "--runs", "2"]);
    expect(runs.status).toBe(2);
    expect(runs.stderr).toContain("bench/scale.mjs: Unknown option '--runs'");
    const sizes = run("run", ["--scale", "--sizes", "1000,x"]);
    expect(sizes.status).toBe(2);
    expect(sizes.stderr).toContain("x is not a whole number");
  });
});

/** The words of a shell command line: double quotes group, nothing else is interpreted. */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? "");

describe("the documented bench command lines", () => {
  const scripts: Record<string, string> = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts;
  // `pnpm bench --quick` runs the package script with the arguments appended to its last command.
  const benchScripts = Object.entries(scripts).filter(([, command]) => / node bench\/[a-z-]+\.mjs$/.test(command));
  const docs = readFileSync(join(root, "docs/performance.md"), "utf8");
  const howTo = [...docs.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((block) => (block[1] ?? "").split("\n"));
  const lines = howTo
    .map((line) => line.replace(/\s#.*$/, "").trim())
    .flatMap((line) => {
      const node = /(?:^|\s)node (bench\/[a-z-]+\.mjs.*)$/.exec(line);
      if (node?.[1]) return [words(node[1])];
      const pnpm = /^pnpm ([a-z:]+)(.*)$/.exec(line);
      const command = pnpm?.[1] ? scripts[pnpm[1]] : undefined;
      const script = command ? / node (bench\/[a-z-]+\.mjs)$/.exec(command)?.[1] : undefined;
      return script ? [[script, ...words(pnpm?.[2] ?? "")]] : [];
    })
    // `--help` lines print the usage (the tests above), not what was read.
    .filter((argv) => !argv.includes("--help"));

  it("include the package scripts and the documented examples", () => {
    expect(benchScripts.map(([name]) => name).sort()).toEqual([
      "bench",
      "bench:logging",
      "bench:prune",
      "bench:revocation",
      "bench:sign-in",
      "faults",
    ]);
    expect(lines.length).toBeGreaterThan(12);
  });

  it("each read, and pnpm bench --scale reaches bench/scale.mjs", () => {
    const read = (argv: string[]) => {
      const result = spawnSync(process.execPath, argv, {
        cwd: root,
        encoding: "utf8",
        env: { ...process.env, TMPDIR: scratch, BENCH_ARGS_DRY_RUN: "1" },
        timeout: 20_000,
      });
      expect({ argv, status: result.status, stderr: result.stderr }).toEqual({ argv, status: 0, stderr: "" });
      return JSON.parse(result.stdout);
    };
    for (const line of lines) read(line);
    for (const [, command] of benchScripts) read(command.replace(/^.* node /, "").split(" "));
    expect(read(["bench/run.mjs", "--quick"]).values).toMatchObject({ quick: true, scale: false });
    expect(read(["bench/run.mjs", "--scale", "--log-sizes", "100000,1000000"])).toMatchObject({
      command: "bench/scale.mjs",
      values: { scale: true, "log-sizes": [100_000, 1_000_000] },
    });
    expect(read(["bench/run.mjs", "--quick", "--only", "reads", "--match", "first page,by id"]).values).toMatchObject({
      only: ["reads"],
      match: ["first page", "by id"],
    });
    expect(readdirSync(scratch)).toEqual([]);
  });
});

const SPEC: CommandSpec = {
  command: "bench/example.mjs",
  usage: "An example bench.",
  options: {
    quick: { type: "boolean", description: "smaller" },
    runs: { type: "integer", description: "runs", default: 3 },
    duration: { type: "number", placeholder: "S", description: "seconds", defaultText: "5; 3 with --quick" },
    only: { type: "list", choices: ["reads", "orders", "bulk"], description: "phases" },
    match: { type: "list", description: "names" },
    sizes: { type: "integers", description: "sizes", default: [10, 100] },
    seed: { type: "string", choices: ["triggers", "rebuild"], description: "seeding", default: "triggers" },
    dir: { type: "string", placeholder: "PATH", description: "folder" },
  },
};

const values = (argv: string[]) => {
  const result = parseCommandLine(SPEC, argv);
  if (!("values" in result)) throw new Error(`not read: ${JSON.stringify(result)}`);
  return result.values;
};
const error = (argv: string[]) => {
  const result = parseCommandLine(SPEC, argv);
  if (!("error" in result)) throw new Error(`read: ${JSON.stringify(result)}`);
  return result.error;
};

describe("bench/args.mjs", () => {
  it("gives the defaults when nothing is passed", () => {
    expect(values([])).toEqual({
      quick: false,
      runs: 3,
      duration: undefined,
      only: undefined,
      match: undefined,
      sizes: [10, 100],
      seed: "triggers",
      dir: undefined,
    });
  });

  it("reads flags, numbers, strings and lists", () => {
    expect(
      values([
        "--quick",
        "--runs",
        "2",
        "--duration=2.5",
        "--only",
        "reads,orders",
        "--match",
        "first page, by id",
        "--sizes",
        "1000,2000,",
        "--seed",
        "rebuild",
        "--dir",
        "/tmp/x",
      ]),
    ).toEqual({
      quick: true,
      runs: 2,
      duration: 2.5,
      only: ["reads", "orders"],
      match: ["first page", "by id"],
      sizes: [1000, 2000],
      seed: "rebuild",
      dir: "/tmp/x",
    });
    expect(values(["--runs", "0"]).runs).toBe(0);
  });

  it("names an unknown option, a missing value and a bad one, with the option list", () => {
    expect(error(["--run", "2"])).toMatch(/^bench\/example\.mjs: Unknown option '--run'/);
    expect(error(["--run", "2"])).toContain("--runs N");
    expect(error(["--runs"])).toContain("--runs");
    expect(error(["--runs", "abc"])).toContain('--runs "abc": not a whole number');
    expect(error(["--runs", "1.5"])).toContain("not a whole number");
    expect(error(["--runs", "-1"])).toContain("--runs");
    expect(error(["--duration", "soon"])).toContain('--duration "soon": not a number');
    expect(error(["--duration", ""])).toContain("not a number");
    expect(error(["--only", "reads,deliveries"])).toContain("deliveries is not one of reads, orders, bulk");
    expect(error(["--only", ","])).toContain("an empty list");
    expect(error(["--sizes", "10,1e3"])).toContain("1e3 is not a whole number");
    expect(error(["--seed", "fast"])).toContain("must be one of triggers, rebuild");
    expect(error(["stray"])).toContain("stray");
  });

  it("answers --help and -h with the usage, even beside a mistake", () => {
    const help = helpText(SPEC);
    expect(help).toMatch(/^usage: node bench\/example\.mjs \[options\]\n\nAn example bench\.\n\noptions:\n/);
    expect(help).toMatch(/--runs N +runs \(default: 3\)\n/);
    expect(help).toMatch(/--duration S +seconds \(default: 5; 3 with --quick\)\n/);
    expect(help).toMatch(/--only A,B +phases \(reads \| orders \| bulk\)\n/);
    expect(help).toMatch(/--sizes N,N +sizes \(default: 10,100\)\n/);
    expect(help).toMatch(/-h, --help +print this help and exit\n$/);
    expect(parseCommandLine(SPEC, ["--help"])).toEqual({ help });
    expect(parseCommandLine(SPEC, ["-h"])).toEqual({ help });
    expect(parseCommandLine(SPEC, ["--runs", "abc", "--help"])).toEqual({ help });
    expect(parseCommandLine(SPEC, ["--bogus", "-h"])).toEqual({ help });
  });

  it("reads positional arguments only where a script declares them", () => {
    const spec: CommandSpec = {
      command: "bench/profile.mjs",
      usage: "A profile.",
      options: {},
      positionals: ["file"],
      optionalPositionals: ["count"],
    };
    expect(parseCommandLine(spec, ["a.cpuprofile"])).toEqual({ values: {}, positionals: ["a.cpuprofile"] });
    expect(parseCommandLine(spec, ["a.cpuprofile", "10"])).toEqual({ values: {}, positionals: ["a.cpuprofile", "10"] });
    expect(parseCommandLine(spec, [])).toMatchObject({ error: expect.stringContaining("missing <file>") });
    expect(parseCommandLine(spec, ["a", "1", "b"])).toMatchObject({ error: expect.stringContaining('"b"') });
    expect(helpText(spec)).toMatch(/^usage: node bench\/profile\.mjs <file> \[<count>\]\n/);
  });
});

/**
 * Runs the shell blocks of a README as a reader would paste them, and checks every HTTP answer.
 *
 * - A ```sh block runs when it holds a `curl` command, unless a `<!-- readme-test: … -->` comment
 *   right above it says otherwise (`skip: <why>`, or a group name that a test runs on its own).
 * - Commands that install, build or start something (`pnpm …`, `npm …`, `cd …`, `deno …`) are the
 *   test's to perform: they are listed, not run. Everything else runs verbatim in one bash session
 *   per README (variables set by one block are seen by the next), with `localhost:<port>` pointed at
 *   the servers the test started.
 * - Every HTTP answer must be 2xx, or a status that the command's trailing `# …` comment announces.
 */

import { spawn } from "node:child_process";

/** A fenced ```sh block of a README. */
export interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  text: string;
  /** What a `<!-- readme-test: … -->` comment right above the block says, or null. */
  marker: string | null;
  commands: ShellCommand[];
}

/** One command of a block: its lines up to the end of the last (quotes and `\` continue a command). */
export interface ShellCommand {
  /** The command without its trailing comment. */
  text: string;
  /** The trailing comment, without `#`; "" when none. */
  comment: string;
  /** 1-based line in the README. */
  line: number;
  /** The program run, after `VAR=value` prefixes: `curl`, `pnpm`, `source`, `OFFER=$(…)`'s `curl`… */
  program: string;
}

const NOT_RUN = new Set(["pnpm", "npm", "npx", "cd", "deno", "open"]);

/** The ```sh blocks of a markdown text, with their commands. */
export function shellBlocks(markdown: string): ShellBlock[] {
  const blocks: ShellBlock[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i]?.trim() !== "```sh") continue;
    const indent = (lines[i] as string).indexOf("```");
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && lines[j]?.trim() !== "```"; j++) body.push((lines[j] as string).slice(indent));
    let k = i - 1;
    while (k >= 0 && lines[k]?.trim() === "") k--;
    const marker = /^\s*<!--\s*readme-test:\s*(.*?)\s*-->\s*$/.exec(lines[k] ?? "")?.[1] ?? null;
    const text = body.join("\n");
    blocks.push({ line: i + 1, text, marker, commands: splitCommands(text, i + 2) });
    i = j;
  }
  return blocks;
}

/** Splits shell text into commands, tracking quotes, `$(…)`, `\` continuations and `#` comments. */
export function splitCommands(text: string, firstLine = 1): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let current = "";
  let comment = "";
  let start = firstLine;
  let quote: "'" | '"' | null = null;
  let depth = 0; // open $( … )
  const lines = text.split("\n");
  lines.forEach((line, index) => {
    if (current === "") start = firstLine + index;
    let code = "";
    for (let c = 0; c < line.length; c++) {
      const ch = line[c] as string;
      if (quote) {
        if (ch === quote) quote = null;
        else if (ch === "\\" && quote === '"') {
          code += ch + (line[c + 1] ?? "");
          c++;
          continue;
        }
        code += ch;
        continue;
      }
      if (ch === "'" || ch === '"') quote = ch;
      else if (ch === "$" && line[c + 1] === "(") depth++;
      else if (ch === ")" && depth > 0) depth--;
      else if (ch === "#" && (c === 0 || /\s/.test(line[c - 1] as string))) {
        comment = `${comment} ${line.slice(c + 1).trim()}`.trim();
        break;
      }
      code += ch;
    }
    current += (current === "" ? "" : "\n") + code.trimEnd();
    const continued = quote !== null || depth > 0 || /\\$/.test(code.trimEnd()) || /(\|\||&&|\|)$/.test(code.trim());
    if (continued) return;
    if (current.trim() !== "") {
      commands.push({ text: current.trim(), comment, line: start, program: programOf(current) });
    }
    current = "";
    comment = "";
  });
  return commands;
}

function programOf(command: string): string {
  let rest = command.trim();
  for (;;) {
    const assignment = /^[A-Za-z_][A-Za-z0-9_]*=(\$\(\s*)?/.exec(rest);
    if (!assignment) break;
    if (assignment[1]) return /^[A-Za-z_][A-Za-z0-9_]*=\$\(\s*(\S+)/.exec(rest)?.[1] ?? "";
    // VAR=value command: skip the value (no spaces in the values of these READMEs, or quoted)
    rest = rest.slice(assignment[0].length).replace(/^("[^"]*"|'[^']*'|\S*)\s*/, "");
    if (rest === "") return "";
  }
  return rest.split(/\s+/)[0] ?? "";
}

/** Whether the test runs a command, or leaves it to the test's own setup (installs, builds, starts). */
export function isRun(command: ShellCommand): boolean {
  return command.program !== "" ? !NOT_RUN.has(command.program) : true;
}

/** Whether a block is run: it calls the API, and no marker takes it out. */
export function isRunBlock(block: ShellBlock): boolean {
  return block.marker === null && block.commands.some((c) => isRun(c) && /(^|\$\(|\s)curl\s/.test(c.text));
}

/** A command that failed: a non-announced HTTP status, or a non-zero exit. */
export interface CommandFailure {
  line: number;
  command: string;
  problem: string;
}

/** What one README's commands did. */
export interface ShellRun {
  failures: CommandFailure[];
  /** `[line, status]` of every HTTP answer, in order. */
  statuses: [number, number][];
  stdout: string;
  stderr: string;
  /** Commands that ran. */
  ran: ShellCommand[];
}

/**
 * Runs the commands (those `isRun` accepts) in one bash session, `localhost:<port>` replaced per
 * `hosts` (e.g. `{ "localhost:3000": "127.0.0.1:41234" }`).
 */
export async function runCommands(
  commands: ShellCommand[],
  options: { cwd: string; env: Record<string, string>; hosts: Record<string, string>; timeoutMs?: number },
): Promise<ShellRun> {
  const ran = commands.filter(isRun);
  const point = (text: string) =>
    Object.entries(options.hosts).reduce((acc, [from, to]) => acc.split(from).join(to), text);
  const script = [
    "set -eo pipefail",
    // Every answer's status goes to stderr as a line of its own; the output stays what the reader sees.
    "curl() { command curl --silent --show-error --max-time 20 --write-out '%{stderr}\\n::status %{http_code}\\n' \"$@\"; }",
    ...ran.flatMap((c, i) => [`echo "::cmd ${i}" >&2`, point(c.text)]),
    `echo "::cmd done" >&2`,
  ].join("\n");
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>(
    (resolve) => {
      const child = spawn("bash", ["-c", script], {
        cwd: options.cwd,
        env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let out = "";
      let err = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        err += chunk.toString("utf8");
      });
      const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? 60_000);
      child.on("exit", (exitCode) => {
        clearTimeout(timer);
        resolve({ code: exitCode, stdout: out, stderr: err });
      });
    },
  );
  const failures: CommandFailure[] = [];
  const statuses: [number, number][] = [];
  let at: ShellCommand | undefined;
  let finished = false;
  for (const line of stderr.split("\n")) {
    const cmd = /^::cmd (\d+|done)$/.exec(line);
    if (cmd) {
      if (cmd[1] === "done") finished = true;
      else at = ran[Number(cmd[1])];
      continue;
    }
    const status = /^::status (\d+)$/.exec(line);
    if (status && at) {
      const value = Number(status[1]);
      statuses.push([at.line, value]);
      const announced = (at.comment.match(/\b[1-5]\d\d\b/g) ?? []).map(Number);
      if ((value < 200 || value > 299) && !announced.includes(value)) {
        failures.push({ line: at.line, command: at.text, problem: `HTTP ${value}, not announced by its comment` });
      }
    }
  }
  if (!finished || code !== 0) {
    failures.push({
      line: at?.line ?? 0,
      command: at?.text ?? "",
      problem: `the session stopped here (exit ${code}); stderr:\n${stderr}`,
    });
  }
  return { failures, statuses, stdout, stderr, ran };
}

/**
 * The bench scripts' command line, read strictly (Node's `node:util` `parseArgs`): each script
 * declares its options (name, type, default, one line of description) and a paragraph of usage.
 *
 * - `--help` / `-h` prints the usage and the option list and exits 0;
 * - an unknown option, a missing or bad value (`--runs abc`) or a stray argument prints what is
 *   wrong and the option list and exits 2;
 *
 * both before the script does anything (no build check, no database): a script calls `readArgs`
 * before its first side effect, and imports the build (or TypeScript sources) dynamically after it.
 * With BENCH_ARGS_DRY_RUN=1 in the environment, a command line that reads is printed as JSON
 * (`{ command, values, positionals }`) and the script exits 0 there.
 *
 * Types: `boolean` (a flag), `string`, `number` (finite), `integer` (whole, ≥ 0), `list` (comma
 * separated strings, `--only reads,orders`), `integers` (comma separated whole numbers ≥ 0,
 * `--sizes 10000,100000`). `choices` limits the values of a string or a list's items. An option without `default` reads as
 * `undefined` when absent (a flag as `false`); `defaultText` shows a default that depends on another
 * option (`3, 1 with --quick`).
 */

import { parseArgs } from "node:util";

/** Exit status of a command line that could not be read. */
export const USAGE_ERROR = 2;

const isWhole = (text) => /^\d+$/.test(text);
const isNumber = (text) => text.trim() !== "" && Number.isFinite(Number(text));
const listOf = (text) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);

/** The value of option `name` from its text, or an error message. */
function convert(name, option, text) {
  const what = `--${name} ${JSON.stringify(text)}`;
  switch (option.type) {
    case "string":
      if (option.choices && !option.choices.includes(text)) {
        return { error: `${what}: must be one of ${option.choices.join(", ")}` };
      }
      return { value: text };
    case "number":
      return isNumber(text) ? { value: Number(text) } : { error: `${what}: not a number` };
    case "integer":
      return isWhole(text) ? { value: Number(text) } : { error: `${what}: not a whole number ≥ 0` };
    case "list": {
      const parts = listOf(text);
      if (parts.length === 0) return { error: `${what}: an empty list` };
      const bad = option.choices && parts.find((part) => !option.choices.includes(part));
      return bad ? { error: `${what}: ${bad} is not one of ${option.choices.join(", ")}` } : { value: parts };
    }
    case "integers": {
      const parts = listOf(text);
      if (parts.length === 0) return { error: `${what}: an empty list` };
      const bad = parts.find((part) => !isWhole(part));
      return bad === undefined ? { value: parts.map(Number) } : { error: `${what}: ${bad} is not a whole number ≥ 0` };
    }
    default:
      throw new Error(`--${name}: unknown option type ${option.type}`);
  }
}

const PLACEHOLDER = { string: "TEXT", number: "N", integer: "N", list: "A,B", integers: "N,N" };

/** The option list, one line each (`--name VALUE  description (default: …)`), `--help` last. */
export function optionList(spec) {
  const rows = Object.entries(spec.options).map(([name, option]) => {
    const value = option.type === "boolean" ? "" : ` ${option.placeholder ?? PLACEHOLDER[option.type]}`;
    const shown = option.defaultText ?? (option.default === undefined ? undefined : String(option.default));
    const choices = option.choices ? ` (${option.choices.join(" | ")})` : "";
    return [`--${name}${value}`, `${option.description}${choices}${shown === undefined ? "" : ` (default: ${shown})`}`];
  });
  rows.push(["-h, --help", "print this help and exit"]);
  const width = Math.max(...rows.map(([left]) => left.length));
  return rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`).join("\n");
}

/** The whole help text: the usage line, the paragraph, the option list. */
export function helpText(spec) {
  const positionals = [
    ...(spec.positionals ?? []).map((name) => ` <${name}>`),
    ...(spec.optionalPositionals ?? []).map((name) => ` [<${name}>]`),
  ].join("");
  return `usage: node ${spec.command}${Object.keys(spec.options).length > 0 ? " [options]" : ""}${positionals}\n\n${spec.usage.trim()}\n\noptions:\n${optionList(spec)}\n`;
}

/**
 * Reads `argv` against `spec` without printing or exiting: `{ values, positionals }`, or
 * `{ help }` (the text to print, exit 0), or `{ error }` (the text to print, exit 2).
 * `spec.positionals` names the required positional arguments, `spec.optionalPositionals` the
 * optional ones after them; any other positional argument is an error.
 */
export function parseCommandLine(spec, argv) {
  const options = { help: { type: "boolean", short: "h" } };
  for (const [name, option] of Object.entries(spec.options)) {
    options[name] = { type: option.type === "boolean" ? "boolean" : "string" };
  }
  const required = spec.positionals ?? [];
  const optional = spec.optionalPositionals ?? [];
  const failure = (message) => ({ error: `${spec.command}: ${message}\n\noptions:\n${optionList(spec)}\n` });
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options, strict: true, allowPositionals: required.length + optional.length > 0 });
  } catch (error) {
    // `--help` anywhere wins over what else is wrong on the line.
    if (argv.includes("--help") || argv.includes("-h")) return { help: helpText(spec) };
    // Node's message, without its hint about `--` (these scripts take no dashed positionals).
    return failure(String(error.message).split(". To specify")[0]);
  }
  if (parsed.values.help) return { help: helpText(spec) };
  const values = {};
  for (const [name, option] of Object.entries(spec.options)) {
    const text = parsed.values[name];
    if (option.type === "boolean") {
      values[name] = text ?? option.default ?? false;
    } else if (text === undefined) {
      values[name] = option.default;
    } else {
      const result = convert(name, option, text);
      if (result.error) return failure(result.error);
      values[name] = result.value;
    }
  }
  const { positionals } = parsed;
  if (positionals.length < required.length) {
    return failure(
      `missing ${required
        .slice(positionals.length)
        .map((name) => `<${name}>`)
        .join(" ")}`,
    );
  }
  if (positionals.length > required.length + optional.length) {
    return failure(`unexpected argument ${JSON.stringify(positionals[required.length + optional.length])}`);
  }
  return { values, positionals };
}

/** Prints `message` (what is wrong on the command line) and the option list, and exits 2. */
export function usageError(spec, message) {
  process.stderr.write(`${spec.command}: ${message}\n\noptions:\n${optionList(spec)}\n`);
  process.exit(USAGE_ERROR);
}

/**
 * The script's options from the command line (`process.argv` after the script by default); prints
 * the help and exits 0, or prints what is wrong and exits 2.
 */
export function readArgs(spec, argv = process.argv.slice(2)) {
  const result = parseCommandLine(spec, argv);
  // BENCH_ARGS_DRY_RUN=1: print what was read (JSON) and exit 0; a test checks the documented
  // command lines this way without running a bench.
  if (process.env.BENCH_ARGS_DRY_RUN === "1" && result.values !== undefined) {
    process.stdout.write(`${JSON.stringify({ command: spec.command, ...result })}\n`);
    process.exit(0);
  }
  if (result.help !== undefined) {
    process.stdout.write(result.help);
    process.exit(0);
  }
  if (result.error !== undefined) {
    process.stderr.write(result.error);
    process.exit(USAGE_ERROR);
  }
  return result;
}

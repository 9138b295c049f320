/** Types of bench/args.mjs (for the TypeScript tests that import it). */

export type OptionType = "boolean" | "string" | "number" | "integer" | "list" | "integers";

export interface OptionSpec {
  type: OptionType;
  /** One line: what the option does. */
  description: string;
  default?: boolean | string | number | string[] | number[];
  /** The default as shown in the help, when it depends on another option. */
  defaultText?: string;
  /** The values a string (or a list's items) may take. */
  choices?: string[];
  /** The value's name in the help (`N`, `PATH`, …). */
  placeholder?: string;
}

export interface CommandSpec {
  /** The script as run: `bench/run.mjs`. */
  command: string;
  /** One paragraph: what the script does. */
  usage: string;
  options: Record<string, OptionSpec>;
  positionals?: string[];
  optionalPositionals?: string[];
}

export type Values = Record<string, boolean | string | number | string[] | number[] | undefined>;

export const USAGE_ERROR: 2;
export function optionList(spec: CommandSpec): string;
export function helpText(spec: CommandSpec): string;
export function parseCommandLine(
  spec: CommandSpec,
  argv: string[],
): { values: Values; positionals: string[] } | { help: string } | { error: string };
export function readArgs(spec: CommandSpec, argv?: string[]): { values: Values; positionals: string[] };
export function usageError(spec: CommandSpec, message: string): never;

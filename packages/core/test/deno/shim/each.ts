/** The vitest shim's `.each`. */

import { type Awaitable, inspect } from "./common.ts";

// ---------------------------------------------------------------------------------------------
// .each: vitest's argument spreading, title formatting and callback typing

type ExtractEachCallbackArgs<T extends ReadonlyArray<unknown>> = {
  1: [T[0]];
  2: [T[0], T[1]];
  3: [T[0], T[1], T[2]];
  4: [T[0], T[1], T[2], T[3]];
  5: [T[0], T[1], T[2], T[3], T[4]];
  6: [T[0], T[1], T[2], T[3], T[4], T[5]];
  fallback: Array<T extends ReadonlyArray<infer U> ? U : unknown>;
}[T extends Readonly<[unknown]>
  ? 1
  : T extends Readonly<[unknown, unknown]>
    ? 2
    : T extends Readonly<[unknown, unknown, unknown]>
      ? 3
      : T extends Readonly<[unknown, unknown, unknown, unknown]>
        ? 4
        : T extends Readonly<[unknown, unknown, unknown, unknown, unknown]>
          ? 5
          : T extends Readonly<[unknown, unknown, unknown, unknown, unknown, unknown]>
            ? 6
            : "fallback"];

/** What `.each(cases)` returns: register one test (or suite) per case. */
export type EachFunctionReturn<T extends unknown[]> = (
  name: string,
  fn: (...args: T) => Awaitable<unknown>,
  timeout?: number,
) => void;

/** `it.each` / `describe.each`, typed as in vitest. */
export interface EachFunction {
  <T extends unknown[] | [unknown]>(cases: ReadonlyArray<T>): EachFunctionReturn<T>;
  <T extends ReadonlyArray<unknown>>(cases: ReadonlyArray<T>): EachFunctionReturn<ExtractEachCallbackArgs<T>>;
  <T>(cases: ReadonlyArray<T>): EachFunctionReturn<T[]>;
}

/** vitest's `format` for titles: %s %d %i %f %j %o %O %#, %$ and %%, then `$path` for object cases. */
export function formatTitle(template: string, items: readonly unknown[], index: number, row: unknown): string {
  let i = 0;
  let title = template.replace(/%[sdifjoO#$%]/g, (token) => {
    if (token === "%%") return "%";
    if (token === "%#") return String(index);
    if (token === "%$") return String(index + 1);
    if (i >= items.length) return token;
    const value = items[i++];
    switch (token) {
      case "%s":
        return typeof value === "string" ? value : inspect(value);
      case "%d":
        return typeof value === "bigint" ? `${value}n` : typeof value === "object" ? "NaN" : String(Number(value));
      case "%i":
        return typeof value === "bigint" ? `${value}n` : String(Number.parseInt(String(value), 10));
      case "%f":
        return String(Number.parseFloat(String(value)));
      case "%j":
        try {
          return String(JSON.stringify(value));
        } catch {
          return "[Circular]";
        }
      default:
        return inspect(value);
    }
  });
  if (row !== null && typeof row === "object" && !Array.isArray(row)) {
    title = title.replace(/\$([$\w.]+)/g, (match, path: string) => {
      let value: unknown = row;
      for (const key of path.split(".")) {
        if (value === null || typeof value !== "object" || !(key in value)) return match;
        value = (value as Record<string, unknown>)[key];
      }
      return typeof value === "string" ? value : inspect(value);
    });
  }
  return title;
}

export function each(
  define: (name: string, fn: (() => unknown) | undefined) => void,
): (cases: ReadonlyArray<unknown>) => (name: string, fn: (...args: never[]) => unknown) => void {
  return (cases) => (name, fn) => {
    const arraysOnly = cases.every(Array.isArray);
    cases.forEach((row, index) => {
      const items: unknown[] = Array.isArray(row) ? row : [row];
      const args = (arraysOnly ? items : [row]) as never[];
      define(formatTitle(name, items, index, row), () => fn(...args));
    });
  };
}

/** The vitest shim's matchers, as pure functions of the received value. */

import { type Constructor, inspect } from "./common.ts";
import { AsymmetricMatcher, equals, matchesObject } from "./equality.ts";

export interface Outcome {
  pass: boolean;
  /** Says what was expected, worded for the positive and the negated (`.not`) form. */
  message: (not: string) => string;
}

export type Mode = "value" | "resolves" | "rejects";

/** What a thrown value says, for `toThrow("…")` and `toThrow(/…/)`. */
function messageOf(thrown: unknown): string {
  if (typeof thrown === "string") return thrown;
  if (thrown !== null && typeof thrown === "object" && "message" in thrown) return String(thrown.message);
  return String(thrown);
}

export function throwOutcome(received: unknown, mode: Mode, expected: unknown): Outcome {
  let thrown: { value: unknown } | undefined;
  if (mode === "rejects") {
    thrown = { value: received };
  } else {
    if (typeof received !== "function") throw new TypeError(`toThrow() expects a function, got ${inspect(received)}`);
    try {
      received();
    } catch (value) {
      thrown = { value };
    }
  }
  if (expected === undefined) {
    return {
      pass: thrown !== undefined,
      message: (not) =>
        `expected the function ${not}to throw${thrown ? `, but it threw ${inspect(thrown.value)}` : ""}`,
    };
  }
  if (thrown === undefined) {
    return { pass: false, message: () => `expected the function to throw ${inspect(expected)}, but it did not throw` };
  }
  const value = thrown.value;
  let pass: boolean;
  if (typeof expected === "string") pass = messageOf(value).includes(expected);
  else if (expected instanceof RegExp) pass = expected.test(messageOf(value));
  else if (typeof expected === "function") pass = value instanceof expected;
  else if (expected instanceof AsymmetricMatcher) pass = expected.asymmetricMatch(value);
  else if (expected instanceof Error) pass = messageOf(value) === expected.message;
  else pass = matchesObject(value, expected);
  const what = typeof expected === "function" ? (expected as { name: string }).name : inspect(expected);
  const [subject, verb] = mode === "rejects" ? ["the promise", "reject with"] : ["the function", "throw"];
  return { pass, message: (not) => `expected ${subject} ${not}to ${verb} ${what}, but it got ${inspect(value)}` };
}

function compare(actual: unknown, expected: number | bigint, op: string, test: (a: number | bigint) => boolean) {
  if (typeof actual !== "number" && typeof actual !== "bigint") {
    throw new TypeError(`expected a number or bigint, got ${inspect(actual)}`);
  }
  return { pass: test(actual), message: (not: string) => `expected ${inspect(actual)} ${not}to be ${op} ${expected}` };
}

function hasLength(value: unknown): value is { length: number } {
  return value !== null && value !== undefined && typeof (value as { length?: unknown }).length === "number";
}

/** The matchers, as pure functions of the received value; `assertion()` adds `.not`, `.resolves`, `.rejects`. */
export const matchers = {
  toBe: (actual: unknown, expected: unknown): Outcome => ({
    pass: Object.is(actual, expected),
    message: (not) =>
      `expected ${inspect(actual)} ${not}to be ${inspect(expected)} // Object.is equality` +
      (!Object.is(actual, expected) && equals(actual, expected, true) ? " (equal, but not the same reference)" : ""),
  }),
  toEqual: (actual: unknown, expected: unknown): Outcome => ({
    pass: equals(actual, expected, false),
    message: (not) =>
      `expected ${not}to deeply equal\n  expected: ${inspect(expected)}\n  received: ${inspect(actual)}`,
  }),
  toStrictEqual: (actual: unknown, expected: unknown): Outcome => ({
    pass: equals(actual, expected, true),
    message: (not) =>
      `expected ${not}to strictly equal\n  expected: ${inspect(expected)}\n  received: ${inspect(actual)}`,
  }),
  toMatchObject: (actual: unknown, expected: object): Outcome => ({
    pass: matchesObject(actual, expected),
    message: (not) =>
      `expected ${not}to match object\n  expected: ${inspect(expected)}\n  received: ${inspect(actual)}`,
  }),
  toBeNull: (actual: unknown): Outcome => ({
    pass: actual === null,
    message: (not) => `expected ${inspect(actual)} ${not}to be null`,
  }),
  toBeUndefined: (actual: unknown): Outcome => ({
    pass: actual === undefined,
    message: (not) => `expected ${inspect(actual)} ${not}to be undefined`,
  }),
  toBeDefined: (actual: unknown): Outcome => ({
    pass: actual !== undefined,
    message: (not) => `expected ${inspect(actual)} ${not}to be defined`,
  }),
  toBeTruthy: (actual: unknown): Outcome => ({
    pass: Boolean(actual),
    message: (not) => `expected ${inspect(actual)} ${not}to be truthy`,
  }),
  toBeFalsy: (actual: unknown): Outcome => ({
    pass: !actual,
    message: (not) => `expected ${inspect(actual)} ${not}to be falsy`,
  }),
  toBeNaN: (actual: unknown): Outcome => ({
    pass: Number.isNaN(actual),
    message: (not) => `expected ${inspect(actual)} ${not}to be NaN`,
  }),
  toBeTypeOf: (
    actual: unknown,
    type: "bigint" | "boolean" | "function" | "number" | "object" | "string" | "symbol" | "undefined",
  ): Outcome => ({
    pass: typeof actual === type,
    message: (not) => `expected ${inspect(actual)} ${not}to be of type ${type}`,
  }),
  toBeInstanceOf: (actual: unknown, type: Constructor): Outcome => ({
    pass: actual instanceof type,
    message: (not) => `expected ${inspect(actual)} ${not}to be an instance of ${type.name}`,
  }),
  toHaveLength: (actual: unknown, length: number): Outcome => {
    if (!hasLength(actual)) throw new TypeError(`expected a value with a length, got ${inspect(actual)}`);
    return {
      pass: actual.length === length,
      message: (not) =>
        `expected ${inspect(actual)} ${not}to have length ${length}, but its length is ${actual.length}`,
    };
  },
  toContain: (actual: unknown, item: unknown): Outcome => {
    let pass: boolean;
    if (typeof actual === "string") {
      if (typeof item !== "string") throw new TypeError(`toContain on a string expects a string, got ${inspect(item)}`);
      pass = actual.includes(item);
    } else if (actual !== null && typeof actual === "object" && Symbol.iterator in actual) {
      pass = [...(actual as Iterable<unknown>)].includes(item);
    } else {
      throw new TypeError(`toContain expects a string or an iterable, got ${inspect(actual)}`);
    }
    return { pass, message: (not) => `expected ${inspect(actual)} ${not}to contain ${inspect(item)}` };
  },
  toContainEqual: (actual: unknown, item: unknown): Outcome => {
    if (actual === null || typeof actual !== "object" || !(Symbol.iterator in actual)) {
      throw new TypeError(`toContainEqual expects an iterable, got ${inspect(actual)}`);
    }
    return {
      pass: [...(actual as Iterable<unknown>)].some((value) => equals(value, item, false)),
      message: (not) => `expected ${inspect(actual)} ${not}to contain an item equal to ${inspect(item)}`,
    };
  },
  toMatch: (actual: unknown, pattern: string | RegExp): Outcome => {
    if (typeof actual !== "string") throw new TypeError(`toMatch expects a string, got ${inspect(actual)}`);
    return {
      pass: typeof pattern === "string" ? actual.includes(pattern) : new RegExp(pattern).test(actual),
      message: (not) => `expected ${inspect(actual)} ${not}to match ${inspect(pattern)}`,
    };
  },
  toHaveProperty: (actual: unknown, path: string | readonly PropertyKey[], ...value: [] | [unknown]): Outcome => {
    const keys = typeof path === "string" ? path.split(".") : path;
    let target: unknown = actual;
    let found = true;
    for (const key of keys) {
      if (target === null || target === undefined || !(key in Object(target))) {
        found = false;
        break;
      }
      target = (target as Record<PropertyKey, unknown>)[key];
    }
    const pass = found && (value.length === 0 || equals(target, value[0], false));
    const withValue = value.length === 0 ? "" : ` equal to ${inspect(value[0])}`;
    return {
      pass,
      message: (not) => `expected ${inspect(actual)} ${not}to have property ${inspect(path)}${withValue}`,
    };
  },
  toBeGreaterThan: (actual: unknown, n: number | bigint) => compare(actual, n, "greater than", (a) => a > n),
  toBeGreaterThanOrEqual: (actual: unknown, n: number | bigint) => compare(actual, n, ">=", (a) => a >= n),
  toBeLessThan: (actual: unknown, n: number | bigint) => compare(actual, n, "less than", (a) => a < n),
  toBeLessThanOrEqual: (actual: unknown, n: number | bigint) => compare(actual, n, "<=", (a) => a <= n),
  toBeCloseTo: (actual: unknown, n: number, digits = 2): Outcome => ({
    pass: typeof actual === "number" && Math.abs(actual - n) < 10 ** -digits / 2,
    message: (not) => `expected ${inspect(actual)} ${not}to be close to ${n} (${digits} digits)`,
  }),
};

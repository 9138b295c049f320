/**
 * The part of vitest's API that the core's unit tests use, on top of `Deno.test`, so that the same
 * `*.test.ts` files run unchanged under Deno (`packages/core/deno.json` maps `"vitest"` here).
 *
 * Deliberately small and strict: anything the tests start to use that is missing here is a type
 * error under `deno test`, never a silently passing test. Each `it` becomes one `Deno.test` named
 * `describe > … > it`; hooks, `.each`, `.skip`, `.only`, `.todo` and `.fails` follow vitest's rules.
 *
 * @example
 * ```ts
 * import { describe, expect, it } from "vitest"; // resolved to this file by deno.json
 *
 * describe("sumMoney", () => {
 *   it.each([[["1.00", "2.50"], "3.50"]])("adds %j", (items, total) => {
 *     expect(sumMoney(items)).toBe(total);
 *   });
 * });
 * ```
 */

type Awaitable<T> = T | PromiseLike<T>;
type TestFunction = () => Awaitable<unknown>;
type HookFunction = () => Awaitable<unknown>;
/** Any class, including abstract ones and ones whose constructor takes arguments. */
type Constructor = abstract new (...args: never) => unknown;

interface Suite {
  readonly name: string;
  readonly parent: Suite | undefined;
  readonly skip: boolean;
  readonly beforeAll: HookFunction[];
  readonly afterAll: HookFunction[];
  readonly beforeEach: HookFunction[];
  readonly afterEach: HookFunction[];
  /** Tests of this suite and its children registered with Deno and not yet finished. */
  remaining: number;
  started: boolean;
  /** The error of a failed `beforeAll`, reported by every test of the suite. */
  setupError: { error: unknown } | undefined;
}

function newSuite(name: string, parent: Suite | undefined, skip: boolean): Suite {
  return {
    name,
    parent,
    skip,
    beforeAll: [],
    afterAll: [],
    beforeEach: [],
    afterEach: [],
    remaining: 0,
    started: false,
    setupError: undefined,
  };
}

// Deno runs each test module in its own isolate, so this module (and its root suite) is per file.
const root = newSuite("", undefined, false);
let current = root;

/** The suites from the outermost to `suite`, root excluded. */
function chain(suite: Suite): Suite[] {
  const suites: Suite[] = [];
  for (let s: Suite | undefined = suite; s !== undefined && s !== root; s = s.parent) suites.unshift(s);
  return suites;
}

async function runTest(suite: Suite, fn: TestFunction, fails: boolean): Promise<void> {
  const suites = [root, ...chain(suite)];
  const cleanups: HookFunction[] = [];
  try {
    for (const s of suites) {
      if (!s.started) {
        s.started = true;
        try {
          for (const hook of s.beforeAll) await hook();
        } catch (error) {
          s.setupError = { error };
        }
      }
      if (s.setupError) throw s.setupError.error;
    }
    let testError: { error: unknown } | undefined;
    try {
      for (const s of suites) {
        for (const hook of s.beforeEach) {
          const cleanup = await hook();
          if (typeof cleanup === "function") cleanups.unshift(cleanup as HookFunction);
        }
      }
      await runBody(fn, fails);
    } catch (error) {
      testError = { error };
    }
    // afterEach hooks run innermost first, after the test's own beforeEach cleanups, even when it failed.
    for (const s of [...suites].reverse()) cleanups.push(...[...s.afterEach].reverse());
    for (const hook of cleanups) {
      try {
        await hook();
      } catch (error) {
        testError ??= { error };
      }
    }
    if (testError) throw testError.error;
  } finally {
    for (const s of [...suites].reverse()) {
      s.remaining--;
      if (s.remaining === 0 && s.started) {
        for (const hook of [...s.afterAll].reverse()) await hook();
      }
    }
  }
}

async function runBody(fn: TestFunction, fails: boolean): Promise<void> {
  if (!fails) {
    await fn();
    return;
  }
  try {
    await fn();
  } catch {
    return;
  }
  throw new AssertionError("Expected the test to fail (it.fails), but it passed");
}

interface TestFlags {
  skip?: boolean;
  only?: boolean;
  todo?: boolean;
  fails?: boolean;
}

function register(name: string, fn: TestFunction | undefined, flags: TestFlags): void {
  const suite = current;
  const suites = chain(suite);
  const fullName = [...suites.map((s) => s.name), name].join(" > ");
  const ignore = flags.skip === true || flags.todo === true || fn === undefined || suites.some((s) => s.skip);
  if (!ignore) {
    root.remaining++;
    for (const s of suites) s.remaining++;
  }
  Deno.test({
    name: flags.todo ? `${fullName} (todo)` : fullName,
    ignore,
    only: flags.only === true,
    // vitest has no resource or timer sanitizers; a test that passes there must pass here.
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () => runTest(suite, fn ?? (() => undefined), flags.fails === true),
  });
}

function collect(name: string, factory: (() => void) | undefined, skip: boolean): void {
  const parent = current;
  const suite = newSuite(name, parent, skip || parent.skip);
  current = suite;
  try {
    const result: unknown = factory?.();
    if (result instanceof Promise) throw new TypeError(`describe("${name}") must be synchronous`);
  } finally {
    current = parent;
  }
}

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

function inspect(value: unknown): string {
  return Deno.inspect(value, { depth: 8, colors: false, compact: true, breakLength: Number.POSITIVE_INFINITY });
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

function each(
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

// ---------------------------------------------------------------------------------------------
// describe / it / test

/** `it` and `test`. */
export interface TestApi {
  (name: string, fn?: TestFunction, timeout?: number): void;
  each: EachFunction;
  skip: TestApi;
  only: TestApi;
  fails: TestApi;
  todo: (name: string) => void;
  skipIf: (condition: unknown) => TestApi;
  runIf: (condition: unknown) => TestApi;
}

function testApi(flags: TestFlags): TestApi {
  const api = ((name: string, fn?: TestFunction) => register(name, fn, flags)) as TestApi;
  api.each = each((name, fn) => register(name, fn, flags)) as EachFunction;
  Object.defineProperties(api, {
    skip: { get: () => testApi({ ...flags, skip: true }) },
    only: { get: () => testApi({ ...flags, only: true }) },
    fails: { get: () => testApi({ ...flags, fails: true }) },
  });
  api.todo = (name) => register(name, undefined, { ...flags, todo: true });
  api.skipIf = (condition) => testApi({ ...flags, skip: flags.skip === true || Boolean(condition) });
  api.runIf = (condition) => testApi({ ...flags, skip: flags.skip === true || !condition });
  return api;
}

/** Declares a test. */
export const it: TestApi = testApi({});
/** Declares a test (alias of `it`). */
export const test: TestApi = it;

/** `describe`. */
export interface SuiteApi {
  (name: string, factory?: () => void): void;
  each: EachFunction;
  skip: SuiteApi;
  skipIf: (condition: unknown) => SuiteApi;
  runIf: (condition: unknown) => SuiteApi;
  todo: (name: string) => void;
}

function suiteApi(skip: boolean): SuiteApi {
  const api = ((name: string, factory?: () => void) => collect(name, factory, skip)) as SuiteApi;
  api.each = each((name, fn) => collect(name, fn as () => void, skip)) as EachFunction;
  Object.defineProperty(api, "skip", { get: () => suiteApi(true) });
  api.skipIf = (condition) => suiteApi(skip || Boolean(condition));
  api.runIf = (condition) => suiteApi(skip || !condition);
  api.todo = (name) => register(name, undefined, { todo: true });
  return api;
}

/** Groups tests; its name prefixes theirs. */
export const describe: SuiteApi = suiteApi(false);

/** Runs once before the first test of the enclosing `describe` (or file). */
export function beforeAll(fn: HookFunction): void {
  current.beforeAll.push(fn);
}
/** Runs once after the last test of the enclosing `describe` (or file). */
export function afterAll(fn: HookFunction): void {
  current.afterAll.push(fn);
}
/** Runs before each test of the enclosing `describe` (or file); a returned function runs after it. */
export function beforeEach(fn: HookFunction): void {
  current.beforeEach.push(fn);
}
/** Runs after each test of the enclosing `describe` (or file), even a failed one. */
export function afterEach(fn: HookFunction): void {
  current.afterEach.push(fn);
}

// ---------------------------------------------------------------------------------------------
// expect

/** A failed expectation. */
export class AssertionError extends Error {
  override name = "AssertionError";
}

/** `expect.any(String)`, `expect.stringMatching(/x/)`, …: matches a class of values inside `toEqual`. */
abstract class AsymmetricMatcher {
  abstract asymmetricMatch(other: unknown): boolean;
  abstract toString(): string;
  [Symbol.for("Deno.customInspect")](): string {
    return this.toString();
  }
}

class Any extends AsymmetricMatcher {
  constructor(private readonly type: Constructor) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    const type: unknown = this.type;
    if (type === String) return typeof other === "string" || other instanceof String;
    if (type === Number) return typeof other === "number" || other instanceof Number;
    if (type === Boolean) return typeof other === "boolean" || other instanceof Boolean;
    if (type === BigInt) return typeof other === "bigint";
    if (type === Symbol) return typeof other === "symbol";
    if (type === Function) return typeof other === "function";
    if (type === Object) return typeof other === "object" && other !== null;
    return other instanceof this.type;
  }
  toString(): string {
    return `Any<${(this.type as { name?: string }).name ?? "anonymous"}>`;
  }
}

class Anything extends AsymmetricMatcher {
  asymmetricMatch(other: unknown): boolean {
    return other !== null && other !== undefined;
  }
  toString(): string {
    return "Anything";
  }
}

class StringMatching extends AsymmetricMatcher {
  constructor(private readonly pattern: string | RegExp) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return typeof other === "string" && new RegExp(this.pattern).test(other);
  }
  toString(): string {
    return `StringMatching ${String(this.pattern)}`;
  }
}

class StringContaining extends AsymmetricMatcher {
  constructor(private readonly part: string) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return typeof other === "string" && other.includes(this.part);
  }
  toString(): string {
    return `StringContaining ${JSON.stringify(this.part)}`;
  }
}

class ObjectContaining extends AsymmetricMatcher {
  constructor(private readonly subset: object) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return matchesObject(other, this.subset);
  }
  toString(): string {
    return `ObjectContaining ${inspect(this.subset)}`;
  }
}

class ArrayContaining extends AsymmetricMatcher {
  constructor(private readonly items: readonly unknown[]) {
    super();
  }
  asymmetricMatch(other: unknown): boolean {
    return Array.isArray(other) && this.items.every((item) => other.some((o) => equals(o, item, false)));
  }
  toString(): string {
    return `ArrayContaining ${inspect(this.items)}`;
  }
}

const tagOf = (value: unknown): string => Object.prototype.toString.call(value);

/** Own enumerable string and symbol keys; `toEqual` leaves out the ones holding `undefined`. */
function keysOf(value: object, strict: boolean): PropertyKey[] {
  const record = value as Record<PropertyKey, unknown>;
  const keys: PropertyKey[] = [
    ...Object.keys(value),
    ...Object.getOwnPropertySymbols(value).filter((s) => Object.prototype.propertyIsEnumerable.call(value, s)),
  ];
  return strict ? keys : keys.filter((key) => record[key] !== undefined);
}

/** vitest's `equals`: `toEqual` when `strict` is false, `toStrictEqual` when true. */
export function equals(a: unknown, b: unknown, strict: boolean, seen: [unknown, unknown][] = []): boolean {
  if (b instanceof AsymmetricMatcher) return b.asymmetricMatch(a);
  if (a instanceof AsymmetricMatcher) return a.asymmetricMatch(b);
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  const tag = tagOf(a);
  if (tag !== tagOf(b)) return false;
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (seen.some(([x, y]) => x === a && y === b)) return true;
  seen = [...seen, [a, b]];
  const eq = (x: unknown, y: unknown) => equals(x, y, strict, seen);

  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  if (a instanceof RegExp && b instanceof RegExp) return a.source === b.source && a.flags === b.flags;
  if (tag === "[object Number]" || tag === "[object String]" || tag === "[object Boolean]") {
    return Object.is(a.valueOf(), b.valueOf());
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false;
    for (const [key, value] of a) {
      if (b.has(key)) {
        if (!eq(value, b.get(key))) return false;
      } else if (![...b].some(([k, v]) => eq(key, k) && eq(value, v))) {
        return false;
      }
    }
    return true;
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false;
    for (const value of a) if (!b.has(value) && ![...b].some((v) => eq(value, v))) return false;
    return true;
  }
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
    const y = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    return x.length === y.length && x.every((byte, i) => byte === y[i]);
  }
  if (a instanceof ArrayBuffer && b instanceof ArrayBuffer) {
    return eq(new Uint8Array(a), new Uint8Array(b));
  }
  if (a instanceof Error && b instanceof Error) {
    if (a.name !== b.name || a.message !== b.message || !eq(a.cause, b.cause)) return false;
    if (a instanceof AggregateError && b instanceof AggregateError && !eq(a.errors, b.errors)) return false;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) {
      if (strict && Object.hasOwn(a, i) !== Object.hasOwn(b, i)) return false;
      if (!eq(a[i], b[i])) return false;
    }
    return true;
  }
  const aKeys = keysOf(a, strict);
  const bKeys = keysOf(b, strict);
  if (aKeys.length !== bKeys.length) return false;
  const x = a as Record<PropertyKey, unknown>;
  const y = b as Record<PropertyKey, unknown>;
  return aKeys.every((key) => Object.hasOwn(b, key) && eq(x[key], y[key]));
}

/** vitest's `toMatchObject`: every property of `expected` is in `actual` (recursively); arrays match whole. */
function matchesObject(actual: unknown, expected: unknown): boolean {
  if (expected instanceof AsymmetricMatcher) return expected.asymmetricMatch(actual);
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matchesObject(actual[i], e))
    );
  }
  if (expected !== null && typeof expected === "object" && tagOf(expected) === "[object Object]") {
    if (actual === null || typeof actual !== "object") return false;
    const x = actual as Record<PropertyKey, unknown>;
    const y = expected as Record<PropertyKey, unknown>;
    return keysOf(expected, true).every((key) => key in actual && matchesObject(x[key], y[key]));
  }
  return equals(actual, expected, false);
}

interface Outcome {
  pass: boolean;
  /** Says what was expected, worded for the positive and the negated (`.not`) form. */
  message: (not: string) => string;
}

type Mode = "value" | "resolves" | "rejects";

/** What a thrown value says, for `toThrow("…")` and `toThrow(/…/)`. */
function messageOf(thrown: unknown): string {
  if (typeof thrown === "string") return thrown;
  if (thrown !== null && typeof thrown === "object" && "message" in thrown) return String(thrown.message);
  return String(thrown);
}

function throwOutcome(received: unknown, mode: Mode, expected: unknown): Outcome {
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
const matchers = {
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

type MatcherName = keyof typeof matchers;
type Rest<F> = F extends (actual: unknown, ...rest: infer A) => Outcome ? A : never;
type ThrowExpectation = string | RegExp | Constructor | Error | AsymmetricMatcher;

/** The matchers of `expect(value)`; `R` is `void`, or `Promise<void>` after `.resolves` / `.rejects`. */
export type Matchers<R> = { [K in MatcherName]: (...args: Rest<(typeof matchers)[K]>) => R } & {
  toThrow: (expected?: ThrowExpectation) => R;
  toThrowError: (expected?: ThrowExpectation) => R;
};

/** What `expect(value)` returns. */
export type Assertion = Matchers<void> & {
  not: Matchers<void>;
  resolves: Matchers<Promise<void>> & { not: Matchers<Promise<void>> };
  rejects: Matchers<Promise<void>> & { not: Matchers<Promise<void>> };
};

/** V8's `Error.captureStackTrace` (the "dom" lib this package is checked against does not declare it). */
const captureStackTrace = (
  Error as ErrorConstructor & { captureStackTrace(target: object, above: (...args: never[]) => unknown): void }
).captureStackTrace;

/** Throws `error` (made when the matcher was called, so its stack points at the test) unless the outcome is as expected. */
function check(outcome: Outcome, negated: boolean, label: string | undefined, error: AssertionError): void {
  if (outcome.pass === negated) {
    const message = outcome.message(negated ? "not " : "");
    error.message = label === undefined ? message : `${label}: ${message}`;
    throw error;
  }
}

function matcherSet(
  actual: unknown,
  negated: boolean,
  mode: Mode,
  label: string | undefined,
): Record<string, (...args: never[]) => unknown> {
  const evaluate = (name: string, received: unknown, args: unknown[]): Outcome =>
    name === "toThrow" || name === "toThrowError"
      ? throwOutcome(received, mode, args[0])
      : (matchers[name as MatcherName] as (actual: unknown, ...rest: unknown[]) => Outcome)(received, ...args);
  const names = [...Object.keys(matchers), "toThrow", "toThrowError"];
  return Object.fromEntries(
    names.map((name) => {
      const matcher = (...args: unknown[]) => {
        const origin = new AssertionError("");
        captureStackTrace(origin, matcher);
        if (mode === "value") return check(evaluate(name, actual, args), negated, label, origin);
        return (async () => {
          let settled: { ok: boolean; value: unknown };
          try {
            settled = { ok: true, value: await actual };
          } catch (error) {
            settled = { ok: false, value: error };
          }
          if (mode === "resolves" && !settled.ok) {
            const message = `expected the promise to resolve, but it rejected with ${inspect(settled.value)}`;
            return check({ pass: false, message: () => message }, false, label, origin);
          }
          if (mode === "rejects" && settled.ok) {
            const message = `expected the promise to reject, but it resolved to ${inspect(settled.value)}`;
            return check({ pass: false, message: () => message }, false, label, origin);
          }
          check(evaluate(name, settled.value, args), negated, label, origin);
        })();
      };
      return [name, matcher];
    }),
  );
}

function assertion(actual: unknown, label: string | undefined): Assertion {
  const promised = (mode: Mode) => {
    if (!(actual instanceof Promise) && typeof (actual as PromiseLike<unknown> | null)?.then !== "function") {
      throw new TypeError(`.${mode} expects a promise, got ${inspect(actual)}`);
    }
    return { ...matcherSet(actual, false, mode, label), not: matcherSet(actual, true, mode, label) };
  };
  const base = { ...matcherSet(actual, false, "value", label), not: matcherSet(actual, true, "value", label) };
  Object.defineProperties(base, {
    resolves: { get: () => promised("resolves") },
    rejects: { get: () => promised("rejects") },
  });
  return base as unknown as Assertion;
}

/** The expect function, with vitest's asymmetric matchers (`expect.any`, `expect.stringMatching`, …). */
export interface ExpectStatic {
  /** `message` prefixes the failure, as in vitest. */
  (actual: unknown, message?: string): Assertion;
  // The asymmetric matchers return `any` in vitest too, so they fit wherever a typed value is expected.
  // biome-ignore lint/suspicious/noExplicitAny: mirrors vitest's signature
  any(type: Constructor): any;
  // biome-ignore lint/suspicious/noExplicitAny: mirrors vitest's signature
  anything(): any;
  // biome-ignore lint/suspicious/noExplicitAny: mirrors vitest's signature
  stringMatching(pattern: string | RegExp): any;
  // biome-ignore lint/suspicious/noExplicitAny: mirrors vitest's signature
  stringContaining(part: string): any;
  // biome-ignore lint/suspicious/noExplicitAny: mirrors vitest's signature
  objectContaining(subset: object): any;
  // biome-ignore lint/suspicious/noExplicitAny: mirrors vitest's signature
  arrayContaining(items: readonly unknown[]): any;
}

/** Starts an expectation: `expect(value).toBe(…)`, `await expect(promise).rejects.toThrow(…)`. */
export const expect: ExpectStatic = Object.assign((actual: unknown, message?: string) => assertion(actual, message), {
  any: (type: Constructor) => new Any(type),
  anything: () => new Anything(),
  stringMatching: (pattern: string | RegExp) => new StringMatching(pattern),
  stringContaining: (part: string) => new StringContaining(part),
  objectContaining: (subset: object) => new ObjectContaining(subset),
  arrayContaining: (items: readonly unknown[]) => new ArrayContaining(items),
});

/**
 * The vitest shim's suites and tests: `describe`, `it` / `test` with their modifiers, and the hooks,
 * each `it` registered as one `Deno.test`.
 */

import type { HookFunction, TestFunction } from "./common.ts";
import { type EachFunction, each } from "./each.ts";
import { AssertionError } from "./equality.ts";

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

/** The vitest shim's `expect`: `.not`, `.resolves`, `.rejects` and the asymmetric matchers on top of the matchers. */

import { type Constructor, inspect } from "./common.ts";
import {
  Any,
  Anything,
  ArrayContaining,
  AssertionError,
  type AsymmetricMatcher,
  ObjectContaining,
  StringContaining,
  StringMatching,
} from "./equality.ts";
import { type Mode, matchers, type Outcome, throwOutcome } from "./matchers.ts";

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

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

export type { EachFunction, EachFunctionReturn } from "./shim/each.ts";
export { formatTitle } from "./shim/each.ts";
export { AssertionError, equals } from "./shim/equality.ts";
export type { Assertion, ExpectStatic, Matchers } from "./shim/expect.ts";
export { expect } from "./shim/expect.ts";
export type { SuiteApi, TestApi } from "./shim/suites.ts";
export { afterAll, afterEach, beforeAll, beforeEach, describe, it, test } from "./shim/suites.ts";

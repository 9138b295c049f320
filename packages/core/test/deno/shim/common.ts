/** The vitest shim's shared types, and how it prints a value (titles and failure messages). */

export type Awaitable<T> = T | PromiseLike<T>;
export type TestFunction = () => Awaitable<unknown>;
export type HookFunction = () => Awaitable<unknown>;
/** Any class, including abstract ones and ones whose constructor takes arguments. */
export type Constructor = abstract new (...args: never) => unknown;

export function inspect(value: unknown): string {
  return Deno.inspect(value, { depth: 8, colors: false, compact: true, breakLength: Number.POSITIVE_INFINITY });
}

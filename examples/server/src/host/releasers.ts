/**
 * One last-in-first-out stack of clean-ups for everything a host acquires (pools, the worker, the
 * key change feed, listeners, tracing). Modelled on graphile-worker's `withReleasers`: each step
 * that acquires something pushes its release right after; a failure halfway through start-up
 * releases what was acquired, newest first; a stop releases everything the same way. Every release
 * runs even when one before it fails; the first failure is thrown once all have run.
 *
 * @module
 */

/** A clean-up step: named for the log line when it fails. */
interface Releaser {
  name: string;
  release: () => unknown;
}

/** A stack of clean-ups, released last in, first out. */
export interface Releasers {
  /** Pushes a clean-up; returns `value` so acquisition and its release read as one line. */
  add<T>(name: string, release: () => unknown, value?: T): T;
  /** Runs every clean-up, newest first, once (later calls get the same promise). */
  release(): Promise<void>;
  /** The names of the clean-ups still on the stack, oldest first (for tests and logs). */
  readonly names: readonly string[];
}

/**
 * Creates an empty stack. `onError` hears of each clean-up that fails (the others still run).
 *
 * @example
 * const releasers = createReleasers();
 * const pool = releasers.add("pool", () => pool.end(), new Pool());
 * await releasers.release();
 */
export function createReleasers(onError?: (name: string, error: unknown) => void): Releasers {
  const stack: Releaser[] = [];
  let released: Promise<void> | null = null;
  return {
    add(name, release, value) {
      if (released) throw new Error(`cannot add "${name}": the host is already released`);
      stack.push({ name, release });
      return value as never;
    },
    release() {
      released ??= (async () => {
        let first: { error: unknown } | null = null;
        while (stack.length > 0) {
          const step = stack.pop() as Releaser;
          try {
            await step.release();
          } catch (error) {
            onError?.(step.name, error);
            first ??= { error };
          }
        }
        if (first) throw first.error;
      })();
      return released;
    },
    get names() {
      return stack.map((step) => step.name);
    },
  };
}

/**
 * Runs `start` with a fresh stack: if it throws, everything it acquired is released (newest first)
 * and its error is thrown again; otherwise its result is returned and the stack is the caller's.
 */
export async function withReleasers<T>(
  start: (releasers: Releasers) => Promise<T>,
  onError?: (name: string, error: unknown) => void,
): Promise<T> {
  const releasers = createReleasers(onError);
  try {
    return await start(releasers);
  } catch (error) {
    await releasers.release().catch(() => {});
    throw error;
  }
}

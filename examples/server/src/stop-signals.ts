/**
 * How the hosts read a stop signal that comes while a stop is under way.
 *
 * @module
 */

/**
 * A repeat this soon after the first stop signal is the same stop delivered twice, not an
 * operator's "now": a terminal's Ctrl-C reaches the whole foreground process group while a parent
 * (pnpm, npm, a shell's trap, an init) also relays it, so one keypress arrives two or three times
 * within a few milliseconds. Acting on the echo exited at once and left the embedded PostgreSQL
 * running. A person pressing Ctrl-C again waits longer than this.
 */
export const STOP_SIGNAL_ECHO_MS = 1_000;

/** What a stop signal is: the first, an echo of it, or a second one (exit at once). */
export type StopSignalKind = "first" | "echo" | "second";

/**
 * Classifies each stop signal in the order they arrive: the first starts the stop; a repeat within
 * `echoMs` of it is an echo, to be logged and ignored; a later one is a second signal.
 *
 * @example
 * const classify = stopSignalClassifier();
 * process.on("SIGTERM", () => {
 *   const kind = classify();
 *   if (kind === "first") stop();
 *   else if (kind === "second") process.exit(130);
 * });
 */
export function stopSignalClassifier(
  now: () => number = Date.now,
  echoMs: number = STOP_SIGNAL_ECHO_MS,
): () => StopSignalKind {
  let firstAt: number | null = null;
  return () => {
    const at = now();
    if (firstAt === null) {
      firstAt = at;
      return "first";
    }
    return at - firstAt < echoMs ? "echo" : "second";
  };
}

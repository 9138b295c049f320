/** The message of a thrown value, for a log line. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** pg's error shape, as far as we read it. */
interface PgError {
  code?: string;
  constraint?: string;
}

/** True when `error` is a unique violation, optionally of the named constraint or index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as PgError | null;
  return (
    typeof pgError === "object" &&
    pgError !== null &&
    pgError.code === "23505" &&
    (constraint === undefined || pgError.constraint === constraint)
  );
}

/**
 * Timestamps in response bodies: ISO 8601 in UTC (`toISOString`), `null` for what has not happened.
 *
 * @module
 */

export const iso = (date: Date): string => date.toISOString();

export const isoOrNull = (date: Date | null): string | null => (date ? date.toISOString() : null);

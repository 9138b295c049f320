/**
 * Money as decimal strings with two decimals ("49.99"); arithmetic on integer cents, never floats.
 * Amounts fit PostgreSQL numeric(12,2): at most 9,999,999,999.99.
 *
 * @module
 */

/** The largest amount a money field holds, in cents (numeric(12,2)). */
export const MAX_CENTS = 999_999_999_999;

const DECIMAL = /^(0|[1-9]\d{0,9})(?:\.(\d{1,2}))?$/;

/** The money rule as a pattern (JSON Schema, OpenAPI): a decimal string with at most two decimals. */
export const MONEY_PATTERN = DECIMAL.source;

/** True when `value` is a non-negative decimal string with at most two decimals ("49", "49.9", "49.99"). */
export function isMoney(value: string): boolean {
  return DECIMAL.test(value);
}

/** Integer cents of a decimal string; throws on anything `isMoney` rejects. */
export function toCents(value: string): number {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a money amount: ${JSON.stringify(value)}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(2, "0"));
  return whole * 100 + fraction;
}

/** The canonical decimal string ("49.90") of an integer amount of cents. */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_CENTS) {
    throw new RangeError(`not a money amount in cents: ${cents}`);
  }
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return `${whole}.${fraction.toString().padStart(2, "0")}`;
}

/** The canonical two-decimal form of a decimal string ("49.9" → "49.90"). */
export function normalizeMoney(value: string): string {
  return fromCents(toCents(value));
}

/** The sum of decimal strings, exact. */
export function sumMoney(values: Iterable<string>): string {
  let cents = 0;
  for (const value of values) cents += toCents(value);
  return fromCents(cents);
}

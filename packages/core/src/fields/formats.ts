/**
 * Formats of single values (ZIP code, phone, e-mail, calendar date, rate per kWh): one predicate
 * each, used by the field specifications in fields.ts and wherever else the core meets such a value.
 *
 * @module
 */

/** US state and territory codes accepted in addresses. */
export const US_STATE_CODES: readonly string[] =
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP".split(
    " ",
  );

/** The ZIP rule as a pattern (JSON Schema, OpenAPI): a 5-digit US ZIP code. */
export const ZIP_CODE_PATTERN = "^[0-9]{5}$";
const ZIP_CODE = new RegExp(ZIP_CODE_PATTERN);

/** True for a 5-digit US ZIP code. */
export function isZipCode(value: string): boolean {
  return ZIP_CODE.test(value);
}

/** True for an E.164 phone number: "+", country code, up to 15 digits in all. */
export function isE164(phone: string): boolean {
  return /^\+[1-9]\d{6,14}$/.test(phone);
}

/** True for a plausible e-mail address (one @, a dot in the domain, no spaces), at most 254 characters. */
export function isEmail(email: string): boolean {
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

/** True for a real calendar date written YYYY-MM-DD (no time, no zone). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** An electricity rate per kWh as a pattern: a decimal string below 100 with at most four decimals. */
export const RATE_PER_KWH_PATTERN = "^(0|[1-9]\\d?)(\\.\\d{1,4})?$";
const RATE_PER_KWH = new RegExp(RATE_PER_KWH_PATTERN);

/** True for a decimal string with at most four decimals below 100 ("0.1425"). */
export function isRatePerKwh(value: string): boolean {
  return RATE_PER_KWH.test(value);
}

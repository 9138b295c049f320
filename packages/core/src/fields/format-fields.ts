/**
 * Fields of the formats (`formats.ts`): money, an electricity rate, a UUID, a calendar date, a
 * timestamp, a ZIP code, a US state, an e-mail address and a phone number, each with the contract's
 * messages and its JSON Schema.
 *
 * @module
 */

import { isUuidV4 } from "../ids.ts";
import { isMoney, MONEY_PATTERN, normalizeMoney } from "../money.ts";
import { type Field, field, text } from "./fields.ts";
import {
  isCalendarDate,
  isE164,
  isEmail,
  isRatePerKwh,
  isZipCode,
  RATE_PER_KWH_PATTERN,
  US_STATE_CODES,
  ZIP_CODE_PATTERN,
} from "./formats.ts";

/** The money rule: a decimal string with at most two decimals; parses to the canonical "49.90" form. */
export function money(): Field<string> {
  return field(
    { type: "string", pattern: MONEY_PATTERN, example: "49.99", description: "Decimal string, USD per month" },
    (value, path, problems) => {
      if (typeof value !== "string") problems.push(`${path} must be a decimal string, e.g. "49.99"`);
      else if (!isMoney(value)) {
        problems.push(`${path} must be a decimal string with at most two decimals, e.g. "49.99"`);
      } else return normalizeMoney(value);
      return "";
    },
  );
}

/** An electricity rate in USD per kWh: a decimal string below 100 with at most four decimals. */
export function ratePerKwh(): Field<string> {
  return field(
    {
      type: "string",
      pattern: RATE_PER_KWH_PATTERN,
      example: "0.1425",
      description: "USD per kWh, up to four decimals",
    },
    (value, path, problems) => {
      if (typeof value !== "string") problems.push(`${path} must be a decimal string, e.g. "0.1425"`);
      else if (!isRatePerKwh(value)) {
        problems.push(`${path} must be a decimal string with at most four decimals, e.g. "0.1425"`);
      }
      return value as string;
    },
  );
}

/** A UUID v4 (every resource id). */
export function uuid(): Field<string> {
  return field({ type: "string", format: "uuid" }, (value, path, problems) => {
    if (typeof value !== "string" || !isUuidV4(value)) problems.push(`${path} must be a UUID`);
    return value as string;
  });
}

/** A calendar date written YYYY-MM-DD, no time and no zone. */
export function calendarDate(): Field<string> {
  return field({ type: "string", format: "date", example: "2026-12-01" }, (value, path, problems) => {
    if (typeof value !== "string" || !isCalendarDate(value))
      problems.push(`${path} must be a calendar date (YYYY-MM-DD)`);
    return value as string;
  });
}

/** The spec's timestamp form: ISO 8601 in UTC with milliseconds and a trailing Z. */
export const TIMESTAMP_PATTERN = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$";

/** True for a real instant written in the spec's timestamp form (`2026-01-31T12:00:00.000Z`). */
export function isTimestamp(value: string): boolean {
  if (!new RegExp(TIMESTAMP_PATTERN).test(value)) return false;
  const time = Date.parse(value);
  return !Number.isNaN(time) && new Date(time).toISOString() === value;
}

/** A timestamp in the spec's form (`2026-01-31T12:00:00.000Z`); parses to a Date. */
export function timestamp(): Field<Date> {
  return field(
    { type: "string", format: "date-time", pattern: TIMESTAMP_PATTERN, example: "2026-01-31T12:00:00.000Z" },
    (value, path, problems) => {
      if (typeof value !== "string" || !isTimestamp(value)) {
        problems.push(`${path} must be a timestamp in the form YYYY-MM-DDTHH:mm:ss.sssZ`);
        return new Date(Number.NaN);
      }
      return new Date(value);
    },
  );
}

/** The ZIP rule: a 5-digit US ZIP code. */
export function zipCode(): Field<string> {
  return field({ type: "string", pattern: ZIP_CODE_PATTERN, example: "78701" }, (value, path, problems) => {
    if (typeof value !== "string") problems.push(`${path} must be a string`);
    else if (!isZipCode(value)) problems.push(`${path} must be a 5-digit ZIP code`);
    return value as string;
  });
}

/** A two-letter US state or territory code. */
export function usState(): Field<string> {
  return field({ type: "string", enum: [...US_STATE_CODES], example: "TX" }, (value, path, problems) => {
    if (typeof value !== "string") problems.push(`${path} must be a string`);
    else if (!US_STATE_CODES.includes(value)) {
      problems.push(`${path} must be a two-letter US state code`);
    }
    return value as string;
  });
}

/** An e-mail address (the text rule, 3 to 254 characters, then one @ and a dotted domain), trimmed. */
export function email(): Field<string> {
  const inner = text({ min: 3, max: 254 });
  return field({ ...inner.schema, format: "email" }, (value, path, problems) => {
    const address = inner.parse(value, path, problems);
    if (typeof value === "string" && !isEmail(address)) problems.push(`${path} must be an email`);
    return address;
  });
}

/** A phone number in E.164 format. */
export function e164Phone(): Field<string> {
  return field({ type: "string", example: "+15125550123" }, (value, path, problems) => {
    if (typeof value !== "string") problems.push(`${path} must be a string`);
    else if (!isE164(value)) {
      problems.push(`${path} must be a phone number in E.164 format, e.g. +15125550123`);
    }
    return value as string;
  });
}

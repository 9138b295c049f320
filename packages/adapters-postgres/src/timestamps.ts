import pg from "pg";

/** OID of `timestamp with time zone`. */
const TIMESTAMPTZ = 1184;
/** pg's own parser of `timestamptz` text (postgres-date), as loaded. */
const STOCK_PARSER = pg.types.getTypeParser(TIMESTAMPTZ, "text") as (value: string) => unknown;
/** False when a host replaced it before this module loaded: its parser is then left alone. */
const STOCK_IS_POSTGRES_DATE = STOCK_PARSER.name === "parseDate";
const ZERO = 48;

/** The two decimal digits at `at`, or -1. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - ZERO;
  const ones = text.charCodeAt(at + 1) - ZERO;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/**
 * `timestamptz` text as PostgreSQL writes it (`2026-01-31 23:59:59.123456+00`, an offset of hours,
 * minutes, seconds as the session's TimeZone gives), to the same Date as pg's own parser
 * (postgres-date), without its three regular expressions: about a twentieth of the Node CPU of a
 * catalog page, which reads 63 of them. The same arithmetic as postgres-date (the fraction as
 * `1000 * parseFloat(".123456")`, truncated by `Date.UTC`); anything else (years before 1000, BC,
 * infinity, a layout not seen here) goes to pg's parser.
 */
export function parseTimestamptz(text: string): unknown {
  const length = text.length;
  if (
    length < 22 ||
    text.charCodeAt(4) !== 45 || // -
    text.charCodeAt(7) !== 45 ||
    text.charCodeAt(10) !== 32 || // space
    text.charCodeAt(13) !== 58 || // :
    text.charCodeAt(16) !== 58
  ) {
    return STOCK_PARSER(text);
  }
  const century = twoDigits(text, 0);
  const yearOfCentury = twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hours = twoDigits(text, 11);
  const minutes = twoDigits(text, 14);
  const seconds = twoDigits(text, 17);
  if (century < 10 || yearOfCentury < 0 || month < 0 || day < 0 || hours < 0 || minutes < 0 || seconds < 0) {
    return STOCK_PARSER(text);
  }
  let at = 19;
  let milliseconds = 0;
  if (text.charCodeAt(at) === 46) {
    // .fraction
    let end = at + 1;
    while (end < length && text.charCodeAt(end) >= ZERO && text.charCodeAt(end) <= ZERO + 9) end++;
    if (end === at + 1) return STOCK_PARSER(text);
    milliseconds = 1000 * Number.parseFloat(text.slice(at, end));
    at = end;
  }
  const sign = text.charCodeAt(at);
  if ((sign !== 43 && sign !== 45) || length < at + 3) return STOCK_PARSER(text);
  const zoneHours = twoDigits(text, at + 1);
  let zoneMinutes = 0;
  let zoneSeconds = 0;
  at += 3;
  if (at < length) {
    if (text.charCodeAt(at) !== 58 || length < at + 3) return STOCK_PARSER(text);
    zoneMinutes = twoDigits(text, at + 1);
    at += 3;
    if (at < length) {
      if (text.charCodeAt(at) !== 58 || length !== at + 3) return STOCK_PARSER(text);
      zoneSeconds = twoDigits(text, at + 1);
    }
  }
  if (zoneHours < 0 || zoneMinutes < 0 || zoneSeconds < 0) return STOCK_PARSER(text);
  const offset = (zoneHours * 3600 + zoneMinutes * 60 + zoneSeconds) * (sign === 45 ? -1000 : 1000);
  const time = Date.UTC(century * 100 + yearOfCentury, month - 1, day, hours, minutes, seconds, milliseconds);
  return new Date(offset === 0 ? time : time - offset);
}

/**
 * pg's type parsers, with `parseTimestamptz` for `timestamptz` text while pg's own parser for it is
 * in place (a host that registered its own with `pg.types.setTypeParser` keeps it).
 */
export const typeParsers = {
  getTypeParser(oid: number, format?: "text" | "binary"): unknown {
    const parser = pg.types.getTypeParser(oid, format ?? "text");
    return oid === TIMESTAMPTZ && parser === STOCK_PARSER && STOCK_IS_POSTGRES_DATE && (format ?? "text") === "text"
      ? parseTimestamptz
      : parser;
  },
};

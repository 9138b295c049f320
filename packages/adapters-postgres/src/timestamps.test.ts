import fc from "fast-check";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { parseTimestamptz, typeParsers } from "./timestamps.ts";

const stock = pg.types.getTypeParser(1184, "text") as (value: string) => unknown;
const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** timestamptz text as PostgreSQL writes it (ISO DateStyle), for any offset it can print. */
const timestamptzText = fc
  .record({
    year: fc.integer({ min: 1, max: 9999 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
    hours: fc.integer({ min: 0, max: 23 }),
    minutes: fc.integer({ min: 0, max: 59 }),
    seconds: fc.integer({ min: 0, max: 59 }),
    fraction: fc.option(fc.stringMatching(/^[0-9]{1,6}$/), { nil: null }),
    zone: fc.record({
      sign: fc.constantFrom("+", "-"),
      hours: fc.integer({ min: 0, max: 15 }),
      minutes: fc.option(fc.integer({ min: 0, max: 59 }), { nil: null }),
      seconds: fc.option(fc.integer({ min: 0, max: 59 }), { nil: null }),
    }),
    bc: fc.boolean(),
  })
  .map(({ year, month, day, hours, minutes, seconds, fraction, zone, bc }) => {
    const zoneText = `${zone.sign}${pad(zone.hours, 2)}${
      zone.minutes === null ? "" : `:${pad(zone.minutes, 2)}${zone.seconds === null ? "" : `:${pad(zone.seconds, 2)}`}`
    }`;
    return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hours, 2)}:${pad(minutes, 2)}:${pad(seconds, 2)}${
      fraction === null ? "" : `.${fraction}`
    }${zoneText}${bc ? " BC" : ""}`;
  });

const same = (text: string) => {
  const expected = stock(text);
  const actual = parseTimestamptz(text);
  if (expected instanceof Date && actual instanceof Date) expect(actual.getTime()).toEqual(expected.getTime());
  else expect(actual).toEqual(expected);
};

describe("parseTimestamptz", () => {
  it("gives pg's own Date for any timestamptz text PostgreSQL writes", () => {
    fc.assert(fc.property(timestamptzText, same), { numRuns: 50_000 });
  });

  it("gives pg's own answer at the edges and for what it does not parse itself", () => {
    for (const text of [
      "2026-01-31 23:59:59.999999+00",
      "2026-01-31 23:59:59.9999995+00",
      "2026-03-01 00:00:00+05:30",
      "2026-03-01 00:00:00-09:30:15",
      "1970-01-01 00:00:00+00",
      "0099-06-01 12:00:00+00",
      "0999-06-01 12:00:00+00",
      "1000-06-01 12:00:00+00",
      "2026-06-01 12:00:00.+00",
      "2026-06-01 12:00:00Z",
      "2026-06-01 12:00:00+0",
      "2026-06-01 12:00:00+00:3",
      "2026-06-01 12:00:00+00 BC",
      "12026-06-01 12:00:00+00",
      "infinity",
      "-infinity",
      "2026-06-01",
      "",
    ]) {
      same(text);
    }
  });

  it("is what the pool's parsers give for timestamptz text, and pg's own for every other type", () => {
    expect(typeParsers.getTypeParser(1184, "text")).toBe(parseTimestamptz);
    expect(typeParsers.getTypeParser(1184)).toBe(parseTimestamptz);
    for (const oid of [16, 20, 23, 25, 114, 1082, 1114, 1185, 1700, 2950, 3802]) {
      expect(typeParsers.getTypeParser(oid, "text")).toBe(pg.types.getTypeParser(oid, "text"));
    }
    expect(typeParsers.getTypeParser(1184, "binary")).toBe(pg.types.getTypeParser(1184, "binary"));
  });
});

import { describe, expect, it } from "vitest";
import { acceptBin, acceptBinSeconds, histogramPercentile, ratio } from "./analytics-figures.ts";
import {
  bucketEnd,
  coverInto,
  coverSeriesInto,
  parseAnalyticsWindow,
  type RollupPiece,
  SHIFTED_DAY_OFFSETS,
  shiftedDayGrain,
} from "./analytics-query.ts";
import { canonicalTimeZone, epochDay, startOfLocalDay } from "./time-zones.ts";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const day = (date: string) => epochDay(date) as number;

describe("startOfLocalDay", () => {
  it("is exact across DST and in :30/:45 zones", () => {
    expect(iso(startOfLocalDay(day("2026-03-08"), "America/New_York"))).toBe("2026-03-08T05:00:00.000Z");
    expect(iso(startOfLocalDay(day("2026-03-09"), "America/New_York"))).toBe("2026-03-09T04:00:00.000Z");
    expect(iso(startOfLocalDay(day("2026-06-10"), "Asia/Kathmandu"))).toBe("2026-06-09T18:15:00.000Z");
    expect(iso(startOfLocalDay(day("2026-04-05"), "Pacific/Chatham"))).toBe("2026-04-04T10:15:00.000Z");
    expect(iso(startOfLocalDay(day("2026-01-01"), "UTC"))).toBe("2026-01-01T00:00:00.000Z");
  });

  it("takes a guess only when it is the day's start: the same answers as the search, DST days included", () => {
    const zones = [
      "America/New_York",
      "America/Santiago",
      "America/St_Johns",
      "Australia/Lord_Howe",
      "Australia/Adelaide",
      "Asia/Kathmandu",
      "Pacific/Chatham",
      "Europe/London",
    ];
    for (const zone of zones) {
      let previous = startOfLocalDay(day("2025-12-31"), zone) as number;
      for (let d = day("2026-01-01"); d <= day("2026-12-31"); d++) {
        const searched = startOfLocalDay(d, zone);
        expect(startOfLocalDay(d, zone, previous + 86_400_000), `${zone} ${d}`).toBe(searched);
        previous = searched as number;
      }
    }
    // A wrong guess is not taken.
    expect(iso(startOfLocalDay(day("2026-03-09"), "America/New_York", Date.parse("2026-03-09T05:00Z")))).toBe(
      "2026-03-09T04:00:00.000Z",
    );
  });

  it("starts a day whose midnight falls in a DST gap when the gap ends", () => {
    // Chile springs forward at 00:00 on 2026-09-06: the day starts at 01:00 (-03).
    expect(iso(startOfLocalDay(day("2026-09-06"), "America/Santiago"))).toBe("2026-09-06T04:00:00.000Z");
  });
});

describe("canonicalTimeZone and epochDay", () => {
  it("knows IANA names and rejects others", () => {
    expect(canonicalTimeZone("America/New_York")).toBe("America/New_York");
    expect(canonicalTimeZone("Mars/Olympus")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });
  it("accepts real calendar dates only", () => {
    expect(epochDay("1970-01-02")).toBe(1);
    expect(epochDay("2026-02-29")).toBeNull();
    expect(epochDay("2026-3-1")).toBeNull();
  });
});

describe("coverInto", () => {
  it("covers a New York day with 24 hours, a UTC day with one day, a Kathmandu day with quarters at the edge", () => {
    const count = (from: string, until: string) => {
      const out: RollupPiece[] = [];
      coverInto(Date.parse(from), Date.parse(until), 0, out);
      return out.map((p) => p.grain).join("");
    };
    expect(count("2026-01-01T05:00Z", "2026-01-02T05:00Z")).toBe("1".repeat(24));
    expect(count("2026-01-01T00:00Z", "2026-01-02T00:00Z")).toBe("2");
    expect(count("2026-06-09T18:15Z", "2026-06-10T18:15Z")).toBe(`000${"1".repeat(5)}${"1".repeat(18)}0`);
  });

  it("covers whole UTC months with one month bucket each: a UTC year is 12, a New York year 11 and edges", () => {
    const grains = (from: string, until: string) => {
      const out: RollupPiece[] = [];
      coverInto(Date.parse(from), Date.parse(until), 0, out);
      return out;
    };
    expect(grains("2025-01-01T00:00Z", "2026-01-01T00:00Z").map((p) => p.grain)).toEqual(Array(12).fill(3));
    expect(grains("2024-02-01T00:00Z", "2024-03-01T00:00Z").map((p) => p.grain)).toEqual([3]);
    const newYork = grains("2025-01-01T05:00Z", "2026-01-01T05:00Z");
    expect(newYork.filter((p) => p.grain === 3)).toHaveLength(11);
    // Every instant exactly once: the pieces tile the range.
    let at = Date.parse("2025-01-01T05:00Z");
    for (const piece of newYork) {
      expect(piece.bucket.getTime()).toBe(at);
      at = bucketEnd(piece.grain, at);
    }
    expect(at).toBe(Date.parse("2026-01-01T05:00Z"));
  });
});

describe("coverSeriesInto (shifted days, ADR-0078)", () => {
  const cover = (from: string, until: string) => {
    const out: RollupPiece[] = [];
    coverSeriesInto(Date.parse(from), Date.parse(until), 0, out);
    return out;
  };
  const tiles = (pieces: RollupPiece[], from: string, until: string) => {
    let at = Date.parse(from);
    for (const piece of pieces) {
      expect(piece.bucket.getTime()).toBe(at);
      at = bucketEnd(piece.grain, at);
    }
    expect(at).toBe(Date.parse(until));
  };

  it("covers a 24-hour local day with one shifted day, a week with seven", () => {
    expect(cover("2026-06-09T18:15Z", "2026-06-10T18:15Z")).toEqual([
      { grain: shiftedDayGrain(345), bucket: new Date("2026-06-09T18:15Z"), period: 0 },
    ]);
    expect(shiftedDayGrain(345)).toBe(123);
    expect(cover("2026-06-09T18:30Z", "2026-06-10T18:30Z").map((p) => p.grain)).toEqual([shiftedDayGrain(330)]);
    // St John's (−2:30 in summer): the day starts at 02:30 UTC.
    expect(cover("2026-06-10T02:30Z", "2026-06-17T02:30Z").map((p) => p.grain)).toEqual(Array(7).fill(122 - 32));
    // Chatham (+13:45): the day starts at 10:15 UTC the day before.
    expect(cover("2026-01-09T10:15Z", "2026-01-10T10:15Z").map((p) => p.grain)).toEqual([155]);
    // Whole-hour offsets too: New York (−5) is grain 80; Kiritimati (+14) starts its days when −10 does.
    expect(cover("2026-01-01T05:00Z", "2026-01-02T05:00Z").map((p) => p.grain)).toEqual([80]);
    expect(cover("2026-01-01T10:00Z", "2026-01-02T10:00Z").map((p) => p.grain)).toEqual([shiftedDayGrain(-600)]);
  });

  it("keeps the UTC-aligned cover where it is fewer rows, in UTC and on DST days", () => {
    // A Kathmandu year: months and edges (fewer than 365 shifted days).
    const year = cover("2024-12-31T18:15Z", "2025-12-31T18:15Z");
    expect(year.filter((p) => p.grain === 3)).toHaveLength(11);
    expect(year.length).toBeLessThan(100);
    tiles(year, "2024-12-31T18:15Z", "2025-12-31T18:15Z");
    // Adelaide's DST day (25 hours, +10:30 to +9:30 on 2026-04-05): not whole shifted days.
    const change = cover("2026-04-04T13:30Z", "2026-04-05T14:30Z");
    expect(change.every((p) => p.grain <= 3)).toBe(true);
    tiles(change, "2026-04-04T13:30Z", "2026-04-05T14:30Z");
    // UTC: one UTC day. New York's DST day (23 hours): hours.
    expect(cover("2026-01-01T00:00Z", "2026-01-02T00:00Z").map((p) => p.grain)).toEqual([2]);
    expect(cover("2026-03-08T05:00Z", "2026-03-09T04:00Z").map((p) => p.grain)).toEqual(Array(23).fill(1));
  });

  it("starts the days of every offset a zone has had since 2020 where a shifted grain or UTC does", () => {
    const offsets = new Set<number>();
    for (const zone of Intl.supportedValuesOf("timeZone")) {
      const format = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" });
      for (let year = 2020; year <= 2030; year++) {
        for (const month of [0, 6]) {
          const name = format.formatToParts(Date.UTC(year, month, 15)).find((p) => p.type === "timeZoneName")?.value;
          const match = /GMT([+-])(\d\d):(\d\d)/.exec(name ?? "");
          if (!match) continue;
          const offset = (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
          offsets.add(offset);
        }
      }
    }
    const start = (offset: number) => (((-offset % 1440) + 1440) % 1440) * 60_000;
    const starts = new Set(SHIFTED_DAY_OFFSETS.map(start));
    for (const offset of offsets) {
      if (offset !== 0) expect(starts.has(start(offset)), `offset ${offset}`).toBe(true);
      if (offset % 60 !== 0) expect(SHIFTED_DAY_OFFSETS, `offset ${offset}`).toContain(offset);
    }
    expect(starts.has(0)).toBe(false); // UTC days are grain 2
    // Distinct grains, and distinct starts in a UTC day.
    expect(new Set(SHIFTED_DAY_OFFSETS.map(shiftedDayGrain)).size).toBe(SHIFTED_DAY_OFFSETS.length);
    expect(new Set(SHIFTED_DAY_OFFSETS.map((o) => (1440 - o) % 1440)).size).toBe(SHIFTED_DAY_OFFSETS.length);
  });
});

describe("parseAnalyticsWindow", () => {
  it("cuts the DST day of New York into a 23-hour period and keeps every bucket exactly once", () => {
    const parsed = parseAnalyticsWindow({ from: "2026-03-07", to: "2026-03-09", timeZone: "America/New_York" });
    if (!parsed.ok) throw new Error(parsed.problems.join());
    const hours = parsed.value.periods.map((p) => (p.until.getTime() - p.from.getTime()) / 3_600_000);
    expect(hours).toEqual([24, 23, 24]);
    const covered = parsed.value.seriesPieces.reduce(
      (n, p) => n + (bucketEnd(p.grain, p.bucket.getTime()) - p.bucket.getTime()),
      0,
    );
    expect(covered).toBe(71 * 3_600_000);
  });

  it("lists every problem at once", () => {
    const parsed = parseAnalyticsWindow({
      from: "2026-01-02",
      to: "2026-01-01",
      timeZone: "Nowhere",
      granularity: "year",
    });
    expect(parsed).toEqual({
      ok: false,
      problems: [
        "timeZone must be an IANA time zone name, for example America/New_York",
        "granularity must be one of the following values: day, week, month",
        "to must not be before from",
      ],
    });
  });
});

describe("figures", () => {
  it("bins times to accept and takes nearest-rank percentiles with integers", () => {
    expect([0, 59, 60, 3599, 3600, 4499, 4500, 86_399, 86_400, 2_591_999, 2_592_000].map(acceptBin)).toEqual([
      0, 0, 1, 59, 60, 60, 61, 151, 152, 847, 848,
    ]);
    for (const bin of [0, 59, 60, 151, 152, 847, 848]) expect(acceptBin(acceptBinSeconds(bin))).toBe(bin);
    const histogram = new Map([
      [1, 5],
      [60, 4],
      [848, 1],
    ]);
    expect(histogramPercentile(histogram, 50)).toBe(60);
    expect(histogramPercentile(histogram, 90)).toBe(3600);
    expect(histogramPercentile(new Map([[848, 1]]), 90)).toBe(2_592_000);
    expect(histogramPercentile(new Map(), 50)).toBeNull();
    expect(ratio(1, 3)).toBe(0.3333);
    expect(ratio(1, 0)).toBeNull();
  });
});

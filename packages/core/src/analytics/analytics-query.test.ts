import { describe, expect, it } from "vitest";
import { acceptBin, acceptBinSeconds, histogramPercentile, ratio } from "./analytics-figures.ts";
import { bucketEnd, coverInto, parseAnalyticsWindow, type RollupPiece } from "./analytics-query.ts";
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

import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

describe("the host's retention schedule", () => {
  it("defaults to pruning every 10 minutes (UTC cron)", () => {
    expect(loadConfig({}).retentionSchedule).toBe("*/10 * * * *");
  });

  it("reads MARKETPLACE_RETENTION_SCHEDULE as a cron pattern, and off as no pruning by this process", () => {
    expect(loadConfig({ MARKETPLACE_RETENTION_SCHEDULE: "*/2 * * * *" }).retentionSchedule).toBe("*/2 * * * *");
    expect(loadConfig({ MARKETPLACE_RETENTION_SCHEDULE: "off" }).retentionSchedule).toBeNull();
  });

  it("refuses a schedule that is neither cron nor off, naming the variable", () => {
    expect(() => loadConfig({ MARKETPLACE_RETENTION_SCHEDULE: "hourly" })).toThrow(
      /MARKETPLACE_RETENTION_SCHEDULE: must be a cron pattern of five fields, e\.g\. \*\/10 \* \* \* \*, or off/,
    );
  });
});

describe("the retention window (one owner: the worker's pruning and the events API read it)", () => {
  it("defaults to the core's 30 days and reads MARKETPLACE_EVENT_RETENTION_DAYS", () => {
    expect(loadConfig({}).eventRetentionDays).toBe(30);
    expect(loadConfig({ MARKETPLACE_EVENT_RETENTION_DAYS: "7" }).eventRetentionDays).toBe(7);
  });

  it("refuses a window outside 1 to 3650 days, naming the variable", () => {
    expect(() => loadConfig({ MARKETPLACE_EVENT_RETENTION_DAYS: "0" })).toThrow(/MARKETPLACE_EVENT_RETENTION_DAYS: /);
    expect(() => loadConfig({ MARKETPLACE_EVENT_RETENTION_DAYS: "soon" })).toThrow(
      /MARKETPLACE_EVENT_RETENTION_DAYS: /,
    );
  });
});

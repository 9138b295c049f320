import { DEFAULT_RETRY_DELAYS_MS } from "@marketplace/core";
import { describe, expect, it } from "vitest";
import { servedOpenApiDocument } from "../../../scripts/openapi.ts";
import { approximateDurationText, durationText, retryWindowText } from "./documented-settings.ts";

// The OpenAPI document states the values the service is configured with (ADR-0079), not the
// defaults written into a description: built with other settings, it says those.

/** The string at a path of a JSON document (a test failure when it is not one). */
function at(document: unknown, ...path: string[]): string {
  const value = path.reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
  expect(typeof value, path.join(".")).toBe("string");
  return value as string;
}

/** The descriptions that state configured values, read from a served document. */
function statedValues(document: unknown) {
  const property = (schema: string, name: string) =>
    at(document, "components", "schemas", schema, "properties", name, "description");
  return {
    eventsList: at(document, "paths", "/provider/events", "get", "description"),
    recover: at(document, "paths", "/reseller/webhooks/{id}/recover", "post", "description"),
    invite: at(document, "paths", "/admin/teams/{id}/invites", "post", "description"),
    disabledReason: property("Webhook", "disabledReason"),
    disabledReasonWithSecret: property("WebhookWithSecret", "disabledReason"),
    success: property("WebhookDelivery", "success"),
    eventWebhook: at(document, "webhooks", "order.created", "post", "description"),
  };
}

describe("the OpenAPI document's configured values", () => {
  it("states the defaults when built with none", async () => {
    const stated = statedValues(await servedOpenApiDocument());
    expect(stated.eventsList).toContain("within the retention window (30 days)");
    expect(stated.recover).toContain("(inside the retention window, 30 days)");
    expect(stated.invite).toContain("valid 3 days,");
    expect(stated.disabledReason).toContain("`failing` when every attempt failed for 5 days.");
    expect(stated.disabledReasonWithSecret).toBe(stated.disabledReason);
    expect(stated.success).toBe("A 2xx within 10 seconds");
    expect(stated.eventWebhook).toContain("retried over about 3 days until it answers 2xx.");
  });

  it("states the settings it is built with", async () => {
    const document = await servedOpenApiDocument({
      documentedSettings: {
        eventRetentionDays: 90,
        inviteTtlMs: 24 * 3_600_000,
        webhookDelivery: {
          requestTimeoutMs: 2500,
          retryDelaysMs: [60_000, 600_000],
          disableFailingAfterMs: 36 * 3_600_000,
        },
      },
    });
    const stated = statedValues(document);
    expect(stated.eventsList).toContain("within the retention window (90 days)");
    expect(stated.recover).toContain("(inside the retention window, 90 days)");
    expect(stated.invite).toContain("valid 1 day,");
    expect(stated.disabledReason).toContain("`failing` when every attempt failed for 36 hours.");
    expect(stated.disabledReasonWithSecret).toBe(stated.disabledReason);
    expect(stated.success).toBe("A 2xx within 2500 milliseconds");
    expect(stated.eventWebhook).toContain("retried over 11 minutes until it answers 2xx.");
    // No default left anywhere (the analytics bins' fixed "30 days" aside).
    const defaults = JSON.stringify(document).match(/[^"]*(30 days|5 days|about 3 days|10 seconds|72 hours)[^"]*/g);
    expect(defaults?.filter((text) => !text.includes("hours under 30 days")) ?? []).toEqual([]);
  });

  it("says a delivery is not retried when the schedule is empty", async () => {
    const stated = statedValues(
      await servedOpenApiDocument({ documentedSettings: { webhookDelivery: { retryDelaysMs: [] } } }),
    );
    expect(stated.eventWebhook).toContain("signed (X-Service-Signature), sent once, not retried.");
  });

  it("refuses settings out of bounds, naming them", async () => {
    await expect(servedOpenApiDocument({ documentedSettings: { eventRetentionDays: 0 } })).rejects.toThrow(
      "createApp: options.documentedSettings.eventRetentionDays must be a positive integer, got 0",
    );
    await expect(
      servedOpenApiDocument({ documentedSettings: { webhookDelivery: { retryDelaysMs: [-1] } } }),
    ).rejects.toThrow("retryDelaysMs must hold non-negative numbers");
  });
});

describe("durations in descriptions", () => {
  it("states a duration exactly in its largest whole unit", () => {
    expect([86_400_000, 5 * 86_400_000, 36 * 3_600_000, 90 * 60_000, 1000, 1500].map(durationText)).toEqual([
      "1 day",
      "5 days",
      "36 hours",
      "90 minutes",
      "1 second",
      "1500 milliseconds",
    ]);
  });

  it("rounds a total in the largest unit it holds twice, saying so", () => {
    expect(approximateDurationText(DEFAULT_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0))).toBe(
      "about 3 days",
    );
    expect(approximateDurationText(2 * 86_400_000)).toBe("2 days");
    expect(approximateDurationText(47 * 3_600_000)).toBe("47 hours");
    expect(approximateDurationText(130_000)).toBe("about 2 minutes");
    expect(approximateDurationText(90_500)).toBe("about 91 seconds");
    expect(retryWindowText([250, 250])).toBe("retried over 500 milliseconds until it answers 2xx");
  });
});

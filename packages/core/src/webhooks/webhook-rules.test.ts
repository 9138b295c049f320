import { describe, expect, it } from "vitest";
import { subscribableEventTypes } from "../events/index.ts";
import { validateWebhookEvents, validateWebhookUrl } from "./input.ts";
import { generateWebhookSecret, maskWebhookSecret, signingSecrets } from "./webhook-rules.ts";

const AT = new Date("2026-03-01T12:34:56.789Z");
const ALL = [
  "order.created",
  "order.item.created",
  "order.item.status_changed",
  "order.cancelled",
  "order.consent_recorded",
  "order.consent_revoked",
];

describe("secrets", () => {
  it("are whsec_ + 43 base64url characters, all different", () => {
    const secrets = new Set(Array.from({ length: 50 }, generateWebhookSecret));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it("are whsec_ + padded standard base64 of 32 bytes for the standard scheme", () => {
    const secrets = new Set(Array.from({ length: 50 }, () => generateWebhookSecret("standard")));
    expect(secrets.size).toBe(50);
    for (const secret of secrets) expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(generateWebhookSecret("service")).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  });

  it("are masked as whsec_••••abcd", () => {
    expect(maskWebhookSecret("whsec_0123456789abcd")).toBe("whsec_••••abcd");
  });

  it("sign with the previous secret only until its overlap ends", () => {
    const webhook = { secret: "new", previousSecret: "old", previousSecretExpiresAt: new Date(AT.getTime() + 1000) };
    expect(signingSecrets(webhook, AT)).toEqual(["new", "old"]);
    expect(signingSecrets(webhook, new Date(AT.getTime() + 1000))).toEqual(["new"]);
    expect(signingSecrets({ ...webhook, previousSecret: null }, AT)).toEqual(["new"]);
  });
});

describe("validateWebhookUrl", () => {
  it.each([
    ["https://hooks.example.com/x", {}, []],
    ["https://127.0.0.1/x", {}, []],
    ["http://hooks.example.com/x", {}, ["url must be an https URL"]],
    ["http://localhost:3000/x", {}, ["url must be an https URL"]],
    ["http://localhost:3000/x", { allowLoopback: true }, []],
    ["http://127.0.0.1/x", { allowLoopback: true }, []],
    ["http://[::1]/x", { allowLoopback: true }, []],
    ["http://10.0.0.1/x", { allowLoopback: true }, ["url must be an https URL"]],
    ["wss://hooks.example.com/x", {}, ["url must be an https URL"]],
    ["hooks.example.com/x", {}, ["url must be a valid URL"]],
    ["https://a.example/\u0000", {}, ["url must not contain NUL characters"]],
    [5, {}, ["url must be a string"]],
    ["https://user:secret@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https://token@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https://:secret@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https://@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["https:\\\\u@hooks.example.com/x", {}, ["url must not contain a user name or password (user:pass@)"]],
    ["http://u:p@127.0.0.1/x", { allowLoopback: true }, ["url must not contain a user name or password (user:pass@)"]],
    ["https://hooks.example.com/x@y?to=a@b#c@d", {}, []],
  ] as const)("%j with %j gives %j", (url, policy, problems) => {
    expect(validateWebhookUrl(url, policy)).toEqual(problems);
  });
});

describe("validateWebhookEvents", () => {
  it("allows providers and hybrid teams every type, resellers the four order types", () => {
    expect([...subscribableEventTypes("provider")]).toEqual(ALL);
    expect([...subscribableEventTypes("hybrid")]).toEqual(ALL);
    expect([...subscribableEventTypes("reseller")]).toEqual(ALL.slice(0, 4));
  });

  it("keeps the order given, without duplicates", () => {
    expect(validateWebhookEvents(["order.cancelled", "order.created", "order.cancelled"], "provider")).toEqual({
      problems: [],
      events: ["order.cancelled", "order.created"],
    });
  });

  it("names every bad entry with the list of the team's values", () => {
    expect(validateWebhookEvents(["order.created", "order.consent_revoked", "x"], "reseller").problems).toEqual([
      `events.1 must be one of the following values: ${ALL.slice(0, 4).join(", ")}`,
      `events.2 must be one of the following values: ${ALL.slice(0, 4).join(", ")}`,
    ]);
    expect(validateWebhookEvents(["webhook.test"], "provider").problems).toEqual([
      `events.0 must be one of the following values: ${ALL.join(", ")}`,
    ]);
    expect(validateWebhookEvents([], "provider").problems).toEqual(["events must contain at least 1 element"]);
    expect(validateWebhookEvents("order.created", "provider").problems).toEqual(["events must be an array"]);
  });
});

import { generateSigningKey } from "@marketplace/core/consents";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

describe("the host's consent evidence settings", () => {
  it("default to a generated key and a daily checkpoint at 03:00 UTC", () => {
    const config = loadConfig({});
    expect(config.consentSigningKey).toBeNull();
    expect(config.consentCheckpointSchedule).toBe("0 3 * * *");
  });

  it("read MARKETPLACE_CONSENT_SIGNING_KEY as an Ed25519 private JWK (extra JWK members ignored)", async () => {
    const key = await generateSigningKey();
    const config = loadConfig({
      MARKETPLACE_CONSENT_SIGNING_KEY: JSON.stringify({ ...key, alg: "Ed25519", key_ops: ["sign"], ext: true }),
      MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE: "*/30 * * * *",
    });
    expect(config.consentSigningKey).toEqual(key);
    expect(config.consentCheckpointSchedule).toBe("*/30 * * * *");
  });

  it("refuse a key that is not JSON, a public-only key and a schedule that is not cron, naming each", () => {
    expect(() => loadConfig({ MARKETPLACE_CONSENT_SIGNING_KEY: "not json" })).toThrow(
      /MARKETPLACE_CONSENT_SIGNING_KEY: /,
    );
    expect(() =>
      loadConfig({ MARKETPLACE_CONSENT_SIGNING_KEY: JSON.stringify({ kty: "OKP", crv: "Ed25519", x: "AAAA" }) }),
    ).toThrow(/MARKETPLACE_CONSENT_SIGNING_KEY: consent signing key must be an Ed25519 private JWK/);
    expect(() => loadConfig({ MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE: "daily" })).toThrow(
      /MARKETPLACE_CONSENT_CHECKPOINT_SCHEDULE: must be a cron pattern of five fields/,
    );
  });
});

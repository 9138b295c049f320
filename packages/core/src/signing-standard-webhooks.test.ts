import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOLERANCE_SECONDS,
  STANDARD_WEBHOOK_HEADERS,
  signStandardWebhook,
  standardWebhookKey,
  verifyStandardWebhook,
} from "./signing.ts";

const T = 1_700_000_000;
const BODY = '{"id":"evt_1","training":false}';

describe("Standard Webhooks", () => {
  // The specification's published example: secret, message id, timestamp, payload and signature.
  const SPEC = {
    secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    id: "msg_p5jXN8AQM9LWM0D4loKWxJek",
    timestamp: 1614265330,
    payload: '{"test": 2432232314}',
    signature: "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
  };

  it("signs the specification's example to its published signature", async () => {
    const headers = await signStandardWebhook({
      id: SPEC.id,
      payload: SPEC.payload,
      secret: SPEC.secret,
      timestamp: SPEC.timestamp,
    });
    expect(headers).toEqual({
      "webhook-id": SPEC.id,
      "webhook-timestamp": "1614265330",
      "webhook-signature": SPEC.signature,
    });
    expect(Object.keys(headers).sort()).toEqual(Object.values(STANDARD_WEBHOOK_HEADERS).sort());
  });

  it("signs once per secret, space-separated, and each secret verifies alone", async () => {
    const other = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
    const headers = await signStandardWebhook({ id: "e1", payload: BODY, secret: [SPEC.secret, other], timestamp: T });
    const parts = headers["webhook-signature"].split(" ");
    expect(parts).toHaveLength(2);
    for (const part of parts) expect(part).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    for (const secret of [SPEC.secret, other]) {
      expect(await verifyStandardWebhook({ payload: BODY, headers, secret, now: T })).toEqual({
        ok: true,
        id: "e1",
        timestamp: T,
      });
    }
  });

  it("verifies the specification's example from a Fetch Headers object and a Node-style record", async () => {
    const record = { "Webhook-Id": SPEC.id, "webhook-timestamp": "1614265330", "webhook-signature": SPEC.signature };
    const now = SPEC.timestamp + 10;
    expect(
      await verifyStandardWebhook({ payload: SPEC.payload, headers: record, secret: SPEC.secret, now }),
    ).toMatchObject({
      ok: true,
      id: SPEC.id,
    });
    expect(
      await verifyStandardWebhook({ payload: SPEC.payload, headers: new Headers(record), secret: SPEC.secret, now }),
    ).toMatchObject({ ok: true });
  });

  it("rejects a tampered body, another secret, missing or malformed headers and stale timestamps", async () => {
    const headers = { "webhook-id": SPEC.id, "webhook-timestamp": "1614265330", "webhook-signature": SPEC.signature };
    const now = SPEC.timestamp;
    const check = (over: Partial<Parameters<typeof verifyStandardWebhook>[0]>) =>
      verifyStandardWebhook({ payload: SPEC.payload, headers, secret: SPEC.secret, now, ...over });
    expect(await check({ payload: '{"test": 2432232315}' })).toEqual({ ok: false, reason: "no_matching_signature" });
    expect(await check({ secret: "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=" })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
    // The id is signed: the same signature under another id fails.
    expect(await check({ headers: { ...headers, "webhook-id": "msg_other" } })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
    expect(await check({ headers: { "webhook-id": SPEC.id, "webhook-signature": SPEC.signature } })).toEqual({
      ok: false,
      reason: "missing_header",
    });
    expect(await check({ headers: { ...headers, "webhook-timestamp": "soon" } })).toEqual({
      ok: false,
      reason: "malformed_header",
    });
    expect(await check({ headers: { ...headers, "webhook-signature": "v1a,abc" } })).toEqual({
      ok: false,
      reason: "malformed_header",
    });
    expect(await check({ now: now + DEFAULT_TOLERANCE_SECONDS + 1 })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
    expect(await check({ now: now - DEFAULT_TOLERANCE_SECONDS - 1 })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
    // A signature of another version next to a valid v1 is skipped, not an error.
    expect(await check({ headers: { ...headers, "webhook-signature": `v1a,abcd ${SPEC.signature}` } })).toMatchObject({
      ok: true,
    });
  });

  it("reads the key as the base64 after whsec_, and refuses what is not base64", async () => {
    expect(standardWebhookKey(SPEC.secret)?.length).toBe(24);
    expect(standardWebhookKey("MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")?.length).toBe(24);
    expect(standardWebhookKey("whsec_")).toBeNull();
    expect(standardWebhookKey("whsec_not base64!")).toBeNull();
    await expect(signStandardWebhook({ id: "e1", payload: BODY, secret: "whsec_not base64!" })).rejects.toThrow(
      RangeError,
    );
    await expect(signStandardWebhook({ id: "a b", payload: BODY, secret: SPEC.secret })).rejects.toThrow(RangeError);
    await expect(signStandardWebhook({ id: "e1", payload: BODY, secret: [] })).rejects.toThrow(RangeError);
  });
});

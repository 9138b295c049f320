import { describe, expect, it } from "vitest";
import {
  DEFAULT_TOLERANCE_SECONDS,
  parseSignatureHeader,
  SIGNATURE_HEADER,
  signPayload,
  type VerifyOptions,
  verifySignature,
} from "./signing.ts";

const SECRET = "whsec_test_secret";
const OTHER_SECRET = "whsec_other_secret";
const T = 1_700_000_000;
const BODY = '{"id":"evt_1","training":false}';
/** HMAC-SHA256("whsec_test_secret", "1700000000." + BODY), computed with `openssl dgst -sha256 -hmac`. */
const KNOWN_V1 = "dd0c301380618dc2214e585fd8c2a14d292026034f983660d475d01fae5fe759";

/** Hex HMAC-SHA256 computed here with Web Crypto, independently of the module under test. */
async function referenceHmac(secret: string, content: Uint8Array<ArrayBuffer>): Promise<string> {
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, content));
  return Array.from(mac, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function verify(options: Partial<VerifyOptions> & Pick<VerifyOptions, "header">) {
  return verifySignature({ payload: BODY, secret: SECRET, now: T, ...options });
}

describe("signPayload", () => {
  it("produces t=<unix seconds>,v1=<64 lowercase hex>", async () => {
    const header = await signPayload({ payload: BODY, secret: SECRET, timestamp: T });
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(header.startsWith(`t=${T},`)).toBe(true);
  });

  it("matches a known HMAC-SHA256 vector", async () => {
    expect(await signPayload({ payload: BODY, secret: SECRET, timestamp: T })).toBe(`t=${T},v1=${KNOWN_V1}`);
  });

  it("signs t + '.' + the raw bytes, as an independent Web Crypto computation does", async () => {
    const payload = new Uint8Array([0, 1, 2, 0xff, 0xfe, 0x80, 0x2e]);
    const expected = await referenceHmac(OTHER_SECRET, concat(new TextEncoder().encode(`${T}.`), payload));
    expect(await signPayload({ payload, secret: OTHER_SECRET, timestamp: T })).toBe(`t=${T},v1=${expected}`);
  });

  it("gives the same signature for a string and its UTF-8 bytes", async () => {
    const text = '{"name":"Café ☕"}';
    const fromString = await signPayload({ payload: text, secret: SECRET, timestamp: T });
    const fromBytes = await signPayload({ payload: new TextEncoder().encode(text), secret: SECRET, timestamp: T });
    expect(fromBytes).toBe(fromString);
  });

  it("defaults the timestamp to now", async () => {
    const before = Math.floor(Date.now() / 1000);
    const header = await signPayload({ payload: BODY, secret: SECRET });
    const after = Math.floor(Date.now() / 1000);
    const t = Number(/^t=(\d+),/.exec(header)?.[1]);
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(after);
    expect(await verifySignature({ payload: BODY, header, secret: SECRET })).toEqual({ ok: true, timestamp: t });
  });

  it("writes one v1 per secret, in order, while rotating", async () => {
    const rotated = await signPayload({ payload: BODY, secret: [SECRET, OTHER_SECRET], timestamp: T });
    const other = await signPayload({ payload: BODY, secret: OTHER_SECRET, timestamp: T });
    expect(rotated).toBe(`t=${T},v1=${KNOWN_V1},${other.split(",")[1]}`);
    expect(rotated.split(",")).toHaveLength(3);
  });

  it.each([-1, 1.5, Number.NaN])("rejects the timestamp %d", async (timestamp) => {
    await expect(signPayload({ payload: BODY, secret: SECRET, timestamp })).rejects.toThrow(RangeError);
  });

  it("rejects an empty list of secrets", async () => {
    await expect(signPayload({ payload: BODY, secret: [], timestamp: T })).rejects.toThrow(RangeError);
  });
});

describe("verifySignature", () => {
  it("names the header X-Service-Signature and defaults the tolerance to 300 s", () => {
    expect(SIGNATURE_HEADER).toBe("X-Service-Signature");
    expect(DEFAULT_TOLERANCE_SECONDS).toBe(300);
  });

  it("accepts a string payload and returns the timestamp", async () => {
    expect(await verify({ header: `t=${T},v1=${KNOWN_V1}` })).toEqual({ ok: true, timestamp: T });
  });

  it("accepts the same payload as bytes", async () => {
    const header = `t=${T},v1=${KNOWN_V1}`;
    expect(await verify({ header, payload: new TextEncoder().encode(BODY) })).toEqual({ ok: true, timestamp: T });
  });

  it("accepts a binary payload it signed", async () => {
    const payload = new Uint8Array([0xff, 0x00, 0x2c, 0x3d]);
    const header = await signPayload({ payload, secret: SECRET, timestamp: T });
    expect(await verify({ header, payload })).toEqual({ ok: true, timestamp: T });
  });

  it("tolerates spaces around the parts", async () => {
    expect(await verify({ header: ` t=${T} , v1=${KNOWN_V1} ` })).toEqual({ ok: true, timestamp: T });
  });

  it.each([
    ["a changed character", BODY.replace("evt_1", "evt_2")],
    ["an added space", `${BODY} `],
    ["re-serialised JSON", JSON.stringify(JSON.parse(BODY), null, 2)],
    ["an empty body", ""],
  ])("rejects a tampered body: %s", async (_, payload) => {
    expect(await verify({ header: `t=${T},v1=${KNOWN_V1}`, payload })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("rejects a changed timestamp, even within tolerance", async () => {
    expect(await verify({ header: `t=${T + 1},v1=${KNOWN_V1}` })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("rejects the wrong secret", async () => {
    expect(await verify({ header: `t=${T},v1=${KNOWN_V1}`, secret: OTHER_SECRET })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("rejects a truncated signature and one with a flipped bit", async () => {
    expect(await verify({ header: `t=${T},v1=${KNOWN_V1.slice(0, 62)}` })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
    const flipped = `${KNOWN_V1.slice(0, -1)}8`;
    expect(await verify({ header: `t=${T},v1=${flipped}` })).toEqual({ ok: false, reason: "no_matching_signature" });
  });

  it.each([null, undefined, ""])("reports a missing header for %j", async (header) => {
    expect(await verify({ header })).toEqual({ ok: false, reason: "missing_header" });
  });

  it.each([
    ["a timestamp that is not a number", `t=abc,v1=${KNOWN_V1}`],
    ["an empty timestamp", `t=,v1=${KNOWN_V1}`],
    ["a negative timestamp", `t=-${T},v1=${KNOWN_V1}`],
    ["a fractional timestamp", `t=${T}.5,v1=${KNOWN_V1}`],
    ["a timestamp over 12 digits", `t=1${T}000,v1=${KNOWN_V1}`],
    ["no t", `v1=${KNOWN_V1}`],
    ["no v1", `t=${T}`],
    ["only other schemes", `t=${T},v0=${KNOWN_V1}`],
    ["odd-length hex", `t=${T},v1=${KNOWN_V1.slice(0, 63)}`],
    ["non-hex v1", `t=${T},v1=${"z".repeat(64)}`],
    ["an empty v1", `t=${T},v1=`],
    ["a duplicate t", `t=${T},t=${T},v1=${KNOWN_V1}`],
    ["a duplicate t after v1", `t=${T},v1=${KNOWN_V1},t=${T + 1}`],
    ["a part without =", `t=${T},${KNOWN_V1}`],
    ["a trailing comma", `t=${T},v1=${KNOWN_V1},`],
    ["a part with an empty key", `t=${T},=x,v1=${KNOWN_V1}`],
    ["semicolons instead of commas", `t=${T};v1=${KNOWN_V1}`],
    ["an oversized header", `t=${T},v1=${KNOWN_V1},${"v0=00,".repeat(2000)}v1=${KNOWN_V1}`],
  ])("reports a malformed header: %s", async (_, header) => {
    expect(await verify({ header })).toEqual({ ok: false, reason: "malformed_header" });
    expect(parseSignatureHeader(header)).toBeNull();
  });

  it("rejects stale timestamps beyond the tolerance and accepts them within it", async () => {
    const header = `t=${T},v1=${KNOWN_V1}`;
    expect(await verify({ header, now: T + 300 })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, now: T + 301 })).toEqual({ ok: false, reason: "timestamp_outside_tolerance" });
    expect(await verify({ header, now: T + 86_400 })).toEqual({ ok: false, reason: "timestamp_outside_tolerance" });
  });

  it("rejects future timestamps beyond the tolerance and accepts them within it", async () => {
    const header = `t=${T},v1=${KNOWN_V1}`;
    expect(await verify({ header, now: T - 300 })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, now: T - 301 })).toEqual({ ok: false, reason: "timestamp_outside_tolerance" });
  });

  it("honours a custom tolerance", async () => {
    const header = `t=${T},v1=${KNOWN_V1}`;
    expect(await verify({ header, now: T + 10, toleranceSeconds: 10 })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, now: T + 11, toleranceSeconds: 10 })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
    expect(await verify({ header, now: T + 3600, toleranceSeconds: 7200 })).toEqual({ ok: true, timestamp: T });
  });

  it("checks the timestamp before the signature", async () => {
    expect(await verify({ header: `t=${T},v1=${"0".repeat(64)}`, now: T + 1000 })).toEqual({
      ok: false,
      reason: "timestamp_outside_tolerance",
    });
  });

  it("accepts a header with several v1 values when any one matches", async () => {
    const wrong = "0".repeat(64);
    const wrongToo = "ab".repeat(32);
    for (const header of [
      `t=${T},v1=${wrong},v1=${KNOWN_V1}`,
      `t=${T},v1=${KNOWN_V1},v1=${wrong}`,
      `t=${T},v1=${wrong},v1=${KNOWN_V1},v1=${wrongToo}`,
      `t=${T},v1=00,v1=${KNOWN_V1}`,
    ]) {
      expect(await verify({ header }), header).toEqual({ ok: true, timestamp: T });
    }
    expect(await verify({ header: `t=${T},v1=${wrong},v1=${wrongToo}` })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });

  it("verifies a rotation header with either secret, and not with a third", async () => {
    const header = await signPayload({ payload: BODY, secret: [SECRET, OTHER_SECRET], timestamp: T });
    expect(await verify({ header, secret: SECRET })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, secret: OTHER_SECRET })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, secret: "whsec_third" })).toEqual({ ok: false, reason: "no_matching_signature" });
  });

  it("verifies with several secrets on the receiving side when any one signed", async () => {
    const header = `t=${T},v1=${KNOWN_V1}`;
    expect(await verify({ header, secret: ["whsec_new", SECRET] })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, secret: [SECRET, "whsec_new"] })).toEqual({ ok: true, timestamp: T });
    expect(await verify({ header, secret: ["whsec_new", "whsec_newer"] })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
    expect(await verify({ header, secret: [] })).toEqual({ ok: false, reason: "no_matching_signature" });
  });

  it("ignores unknown schemes such as v0, whatever their value", async () => {
    for (const header of [
      `t=${T},v0=${"0".repeat(64)},v1=${KNOWN_V1}`,
      `v0=not-hex,t=${T},v1=${KNOWN_V1}`,
      `t=${T},v1=${KNOWN_V1},v2=zz,x-extra=1`,
    ]) {
      expect(await verify({ header }), header).toEqual({ ok: true, timestamp: T });
    }
  });

  it("does not accept a valid signature given under another scheme", async () => {
    expect(await verify({ header: `t=${T},v0=${KNOWN_V1},v1=${"0".repeat(64)}` })).toEqual({
      ok: false,
      reason: "no_matching_signature",
    });
  });
});

describe("parseSignatureHeader", () => {
  it("returns the timestamp and every v1 as bytes", () => {
    const parsed = parseSignatureHeader(`t=${T},v1=00ff,v0=aa,v1=${KNOWN_V1}`);
    expect(parsed?.timestamp).toBe(T);
    expect(parsed?.signatures.map((s) => Array.from(s))).toEqual([
      [0x00, 0xff],
      Array.from(KNOWN_V1.match(/../g) ?? [], (h) => Number.parseInt(h, 16)),
    ]);
  });
});

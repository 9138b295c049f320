import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createLogger } from "../src/logger.ts";
import { jsonLinesLogger } from "../src/portable-host.ts";
import { createPrettyLogger } from "../src/pretty-logger.ts";
import { REDACTED, redactFields } from "../src/redact.ts";

// The reference host's real logger (pino with its redact paths), its lines captured: a request
// carrying every kind of secret goes through the app, and a line that logs such a request's parts
// (headers, body fields) as a library might; no secret value reaches a line.

const SECRETS = {
  apiKey: "mk_SECRETapikey000000000000000000000000000000000",
  bearer: "Bearer SECRET-admin-token-0123456789",
  cookie: "session=SECRET-cookie-value",
  setCookie: "sid=SECRET-set-cookie; HttpOnly",
  signature: "t=1700000000,v1=SECRETsignature0123456789abcdef",
  webhookSecret: "whsec_SECRETwebhooksecret0123456789",
  password: "SECRET-password-hunter2",
  token: "SECRET-token-abc",
  key: "SECRET-key-value",
  privateKey: "SECRET-private-jwk-d",
};

function captured(level = "debug") {
  const lines: string[] = [];
  const logger = createLogger(level, { destination: { write: (line: string) => void lines.push(line) } });
  return { logger, text: () => lines.join(""), lines };
}

function expectNoSecret(text: string) {
  for (const [name, value] of Object.entries(SECRETS)) {
    expect(text.includes(value.replace(/^Bearer /, "")), `${name} found in:\n${text}`).toBe(false);
  }
}

describe("the host's logger redacts secrets", () => {
  let app: TestApp;
  const log = captured();

  beforeAll(async () => {
    app = await createTestApp({ logger: log.logger });
  });
  afterAll(() => app?.close());

  it("a request carrying an API key, a bearer token, a cookie and a signature leaves none in its line", async () => {
    const team = await app.createTeam("reseller");
    const response = await app.request("POST", "/reseller/webhooks", {
      key: team.apiKey,
      headers: { authorization: SECRETS.bearer, cookie: SECRETS.cookie, "x-service-signature": SECRETS.signature },
      body: { url: "https://example.com/hooks", events: ["order.created"], secret: SECRETS.webhookSecret },
    });
    expect(response.status).toBeLessThan(500);
    await app.request("GET", "/admin/teams", { headers: { authorization: SECRETS.bearer } });
    await app.request("GET", "/provider/offers", { headers: { "x-api-key": SECRETS.apiKey } });
    const requestLines = log.lines.filter((line) => line.includes('"msg":"request"'));
    expect(requestLines.length).toBeGreaterThanOrEqual(3);
    expectNoSecret(log.text());
    expect(log.text()).not.toContain(team.apiKey);
  });

  it("a line that logs a request's headers and secret fields, as a library might, has them all [Redacted]", () => {
    const own = captured();
    own.logger.warn("outgoing request failed", {
      method: "POST",
      url: "https://receiver.example.com/hook",
      headers: {
        "x-api-key": SECRETS.apiKey,
        authorization: SECRETS.bearer,
        cookie: SECRETS.cookie,
        "set-cookie": SECRETS.setCookie,
        "x-service-signature": SECRETS.signature,
        "content-type": "application/json",
      },
      request: { headers: { authorization: SECRETS.bearer, cookie: SECRETS.cookie } },
      response: { status: 401, headers: { "set-cookie": SECRETS.setCookie } },
      webhook: { id: "wh_1", secret: SECRETS.webhookSecret, signingSecret: SECRETS.webhookSecret },
      user: { password: SECRETS.password, token: SECRETS.token },
      credential: { id: "key_1", key: SECRETS.key },
      consent: { signingKey: { privateKey: SECRETS.privateKey } },
    });
    const line = JSON.parse(own.text()) as Record<string, unknown>;
    expectNoSecret(own.text());
    // What is not secret stays, so the line is still useful.
    expect(line).toMatchObject({
      msg: "outgoing request failed",
      url: "https://receiver.example.com/hook",
      headers: { "content-type": "application/json", "x-api-key": REDACTED, authorization: REDACTED },
      response: { status: 401, headers: { "set-cookie": REDACTED } },
      webhook: { id: "wh_1", secret: REDACTED },
      credential: { id: "key_1", key: REDACTED },
      consent: { signingKey: { privateKey: REDACTED } },
    });
  });

  it("the dev server's readable lines and the Deno/Bun hosts' JSON lines redact the same fields", () => {
    const fields = {
      headers: { "x-api-key": SECRETS.apiKey, authorization: SECRETS.bearer, "X-Service-Signature": SECRETS.signature },
      webhook: { secret: SECRETS.webhookSecret },
      password: SECRETS.password,
      items: [{ token: SECRETS.token }],
      status: 200,
    };
    expect(redactFields(fields)).toEqual({
      headers: { "x-api-key": REDACTED, authorization: REDACTED, "X-Service-Signature": REDACTED },
      webhook: { secret: REDACTED },
      password: REDACTED,
      items: [{ token: REDACTED }],
      status: 200,
    });
    const json: string[] = [];
    jsonLinesLogger("info", (line) => json.push(line)).info("m", fields);
    expectNoSecret(json.join(""));
    const writes: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string) => writes.push(chunk) > 0) as typeof process.stdout.write;
    try {
      createPrettyLogger("info", { colour: false }).info("m", fields);
    } finally {
      process.stdout.write = write;
    }
    expect(writes.join("")).toContain("status=200");
    expectNoSecret(writes.join(""));
  });
});

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/helpers/webhook-receiver.ts";
import { NodeWebhookTransport } from "./node-webhook-transport.ts";

let receiver: WebhookReceiver;
const transports: NodeWebhookTransport[] = [];
const transport = (options: ConstructorParameters<typeof NodeWebhookTransport>[0]) => {
  const created = new NodeWebhookTransport(options);
  transports.push(created);
  return created;
};

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterEach(() => receiver.reply(() => ({ status: 200, body: "ok" })));
afterAll(async () => {
  for (const created of transports) created.close();
  await receiver.close();
});

const BODY =
  '{"id":"e","type":"order.created","version":1,"createdAt":"2026-01-01T00:00:00.000Z","data":{"training":false}}';
const HEADERS = { "Content-Type": "application/json", "X-Service-Signature": "t=1,v1=00" };

describe("NodeWebhookTransport", () => {
  it("POSTs the body byte for byte with the given headers and reports the response", async () => {
    receiver.reply(() => ({ status: 202, body: "accepted ✓" }));
    const result = await transport({ allowLoopback: true }).send({
      url: `${receiver.url}/exact`,
      body: BODY,
      headers: HEADERS,
    });
    expect(result).toEqual({
      kind: "response",
      statusCode: 202,
      body: "accepted ✓",
      headers: expect.objectContaining({ "content-type": "text/plain" }),
    });
    const [request] = receiver.on("/exact");
    expect(request?.method).toBe("POST");
    expect(request?.body).toBe(BODY);
    expect(request?.headers["content-type"]).toBe("application/json");
    expect(request?.headers["x-service-signature"]).toBe("t=1,v1=00");
    expect(request?.headers["content-length"]).toBe(String(Buffer.byteLength(BODY)));
  });

  it("refuses loopback and http targets without allowLoopback, sending nothing", async () => {
    const strict = transport({});
    for (const url of [`${receiver.url}/strict`, `https://127.0.0.1:${receiver.port}/strict`]) {
      const result = await strict.send({ url, body: BODY, headers: HEADERS });
      expect(result.kind, url).toBe("error");
      expect(result.kind === "error" && result.error, url).toMatch(/^target refused: /);
    }
    const named = await strict.send({ url: `https://localhost:${receiver.port}/strict`, body: BODY, headers: HEADERS });
    expect(named).toEqual({
      kind: "error",
      error: expect.stringMatching(/^target refused: localhost resolves to (127\.0\.0\.1|::1) is a loopback address$/),
    });
    const privateTarget = await strict.send({ url: "https://10.20.30.40/hook", body: BODY, headers: HEADERS });
    expect(privateTarget).toEqual({
      kind: "error",
      error: "target refused: 10.20.30.40 is a private, link-local or reserved address",
    });
    const metadata = await transport({ allowLoopback: true }).send({
      url: "http://169.254.169.254/latest/meta-data",
      body: BODY,
      headers: HEADERS,
    });
    expect(metadata).toEqual({ kind: "error", error: expect.stringMatching(/^target refused: http:\/\/ targets/) });
    expect(receiver.on("/strict")).toEqual([]);
  });

  it("gives up after the deadline when the receiver does not answer", async () => {
    receiver.reply(() => "hang");
    const started = Date.now();
    const result = await transport({ allowLoopback: true, timeoutMs: 300 }).send({
      url: `${receiver.url}/hang`,
      body: BODY,
      headers: HEADERS,
    });
    expect(result).toEqual({ kind: "error", error: "timeout: no complete response within 300 ms" });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("stops at an abort signal (worker shutdown)", async () => {
    receiver.reply(() => "hang");
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const result = await transport({ allowLoopback: true }).send({
      url: `${receiver.url}/abort`,
      body: BODY,
      headers: HEADERS,
      signal: controller.signal,
    });
    expect(result).toEqual({ kind: "error", error: "aborted: the worker is shutting down" });
  });

  it("keeps the status and the partial body of a response whose body does not finish in time", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.write("partial");
      // …and never ends.
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const result = await transport({ allowLoopback: true, timeoutMs: 300 }).send({
        url: `http://127.0.0.1:${port}/slow-body`,
        body: BODY,
        headers: HEADERS,
      });
      expect(result).toEqual({ kind: "response", statusCode: 200, body: "partial", headers: expect.any(Object) });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("reports a refused connection as an error text", async () => {
    const closed = await startWebhookReceiver();
    const url = `${closed.url}/gone`;
    await closed.close();
    const result = await transport({ allowLoopback: true }).send({ url, body: BODY, headers: HEADERS });
    expect(result).toEqual({ kind: "error", error: expect.stringMatching(/ECONNREFUSED/) });
  });

  it("does not follow redirects", async () => {
    receiver.reply((request) =>
      request.path === "/from" ? { status: 302, body: "see other", headers: { location: "/to" } } : { status: 200 },
    );
    const result = await transport({ allowLoopback: true }).send({
      url: `${receiver.url}/from`,
      body: BODY,
      headers: HEADERS,
    });
    expect(result).toEqual({
      kind: "response",
      statusCode: 302,
      body: "see other",
      headers: expect.objectContaining({ location: expect.any(String) }),
    });
    expect(receiver.on("/to")).toEqual([]);
  });

  it("keeps only the first 4 KiB of a large response body", async () => {
    receiver.reply(() => ({ status: 500, body: "x".repeat(100_000) }));
    const result = await transport({ allowLoopback: true }).send({
      url: `${receiver.url}/large`,
      body: BODY,
      headers: HEADERS,
    });
    expect(result.kind).toBe("response");
    expect(result.kind === "response" && result.body).toBe("x".repeat(4096));
  });

  it("validates its options", () => {
    expect(() => new NodeWebhookTransport({ timeoutMs: 0 })).toThrow(/timeoutMs must be a positive integer/);
  });
});

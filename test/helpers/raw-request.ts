import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";

/** How a request's body is framed on the wire. */
export type Framing = "length" | "chunked";

/** What `rawRequest` sends. */
export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  framing: Framing;
  /** The body's size: declared in Content-Length (framing "length"), or sent in chunks until then. */
  totalBytes: number;
  /** The body's bytes: `chunkBytes` at a time from this generator (default: "[" repeated). */
  chunks?: () => Iterable<Uint8Array> | AsyncIterable<Uint8Array>;
  /** Wait this long between two chunks (a slow client); default none. */
  delayMs?: number;
  /** Give up (stop writing, close the socket, reject) after this long without a complete answer; default 20 s. */
  timeoutMs?: number;
}

/** The answer, and how much of the body had been written when it came. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the body handed to the socket before the status line arrived. */
  sentBeforeAnswer: number;
  /** Milliseconds from the first byte sent to the status line. */
  answeredAfterMs: number;
}

const CHUNK_BYTES = 64 * 1024;

/** Chunks of "[" (deep JSON nesting, so whoever parses it must refuse it) adding up to `total` bytes. */
export function* bracketChunks(total: number): Generator<Uint8Array> {
  const chunk = new Uint8Array(CHUNK_BYTES).fill(0x5b);
  for (let sent = 0; sent < total; sent += CHUNK_BYTES)
    yield total - sent >= CHUNK_BYTES ? chunk : chunk.subarray(0, total - sent);
}

/**
 * One HTTP/1.1 request on its own socket, written by hand so that the body can be as large, slow or
 * oddly framed as a test needs and the answer is read while the body is still being written (as curl
 * does; Node's http client gives up on EPIPE when the server answers early and closes). Writing
 * stops as soon as the status line arrives; the socket is closed when the answer is complete.
 */
export async function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  socket.setNoDelay(true);
  const answer = readAnswer(socket, request.timeoutMs ?? 20_000);
  let sent = 0;
  let settled = false;
  answer.done.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  let answeredAt: number | null = null;
  let sentBeforeAnswer = 0;
  answer.statusSeen.then(() => {
    answeredAt = performance.now();
    sentBeforeAnswer = sent;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  const started = performance.now();
  const headers = {
    host: `${hostname}:${port}`,
    ...request.headers,
    ...(request.framing === "length" ? { "content-length": String(request.totalBytes) } : {}),
    ...(request.framing === "chunked" ? { "transfer-encoding": "chunked" } : {}),
  };
  const head = `${request.method ?? "POST"} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  const open = () => answeredAt === null && !settled && !socket.destroyed && !socket.writableEnded;
  const write = async (bytes: Uint8Array | string) => {
    if (!open()) return;
    if (!socket.write(bytes)) await Promise.race([waitFor(socket, "drain"), answer.statusSeen, answer.done]);
  };
  await write(head);
  const chunks = request.chunks?.() ?? bracketChunks(request.totalBytes);
  for await (const chunk of chunks) {
    if (!open()) break;
    // A chunk of size 0 would end a chunked body: an empty piece is no chunk.
    if (chunk.byteLength === 0) continue;
    if (request.delayMs) await new Promise((resolve) => setTimeout(resolve, request.delayMs));
    if (request.framing === "chunked") await write(`${chunk.byteLength.toString(16)}\r\n`);
    await write(chunk);
    if (request.framing === "chunked") await write("\r\n");
    sent += chunk.byteLength;
  }
  if (request.framing === "chunked") await write("0\r\n\r\n");
  const response = await answer.done.finally(() => socket.destroy());
  return {
    ...response,
    sentBeforeAnswer: answeredAt === null ? sent : sentBeforeAnswer,
    answeredAfterMs: Math.round((answeredAt ?? performance.now()) - started),
  };
}

function waitFor(socket: Socket, event: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off(event, done);
      socket.off("close", done);
      resolve();
    };
    socket.once(event, done);
    socket.once("close", done);
  });
}

/** Reads one response (status line, headers, a Content-Length or chunked body) off the socket. */
function readAnswer(socket: Socket, timeoutMs: number) {
  let received = Buffer.alloc(0);
  let seeStatus: () => void = () => {};
  const statusSeen = new Promise<void>((resolve) => {
    seeStatus = resolve;
  });
  const done = new Promise<Omit<RawResponse, "sentBeforeAnswer" | "answeredAfterMs">>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no complete answer within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error?: Error) => {
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("close", onClose);
      const parsed = parse(received, true);
      if (parsed) resolve(parsed);
      else reject(error ?? new Error(`the connection closed before an answer: ${received.toString("latin1")}`));
    };
    const onData = (data: Buffer) => {
      received = Buffer.concat([received, data]);
      if (received.includes("\r\n")) seeStatus();
      if (parse(received, false)) finish();
    };
    const onClose = () => finish();
    socket.on("data", onData);
    socket.on("close", onClose);
    // A write after the server closed fails (EPIPE, ECONNRESET); the answer read so far still counts.
    socket.on("error", () => {});
  });
  return { statusSeen, done };
}

function parse(bytes: Buffer, closed: boolean): Omit<RawResponse, "sentBeforeAnswer" | "answeredAfterMs"> | null {
  let end = bytes.indexOf("\r\n\r\n");
  let head = end < 0 ? "" : bytes.subarray(0, end).toString("latin1");
  // Skip interim answers (100 Continue).
  while (/^HTTP\/1\.[01] 1\d\d/.test(head)) {
    bytes = bytes.subarray(end + 4);
    end = bytes.indexOf("\r\n\r\n");
    head = end < 0 ? "" : bytes.subarray(0, end).toString("latin1");
  }
  if (end < 0) return null;
  const [statusLine = "", ...lines] = head.split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1]);
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const rest = bytes.subarray(end + 4);
  const length = headers["content-length"];
  if (length !== undefined) {
    if (rest.length < Number(length)) return null;
    return { status, headers, body: rest.subarray(0, Number(length)).toString("utf8") };
  }
  if (headers["transfer-encoding"] === "chunked") {
    const body = dechunk(rest);
    return body === null ? null : { status, headers, body };
  }
  return closed ? { status, headers, body: rest.toString("utf8") } : null;
}

function dechunk(bytes: Buffer): string | null {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = bytes.indexOf("\r\n", at);
    if (eol < 0) return null;
    const size = Number.parseInt(bytes.subarray(at, eol).toString("latin1"), 16);
    if (size === 0) return Buffer.concat(parts).toString("utf8");
    if (bytes.length < eol + 2 + size + 2) return null;
    parts.push(bytes.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}

/** The resident set size of a process, in bytes (Linux: /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Runs `work` while sampling the process's resident set every few milliseconds; resolves with its
 * result and how far the resident set rose above where it started (the peak of the samples).
 */
export async function measureRssGrowth<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = residentBytes(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(pid));
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, residentBytes(pid));
    return { result, growth: peak - before };
  } finally {
    clearInterval(sampler);
  }
}

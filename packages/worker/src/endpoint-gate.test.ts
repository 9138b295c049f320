import type { DeliveryAdmission, DeliveryTarget } from "@marketplace/core/webhooks";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EndpointGate } from "./endpoint-gate.ts";

// The gate's rules on a fake clock: no database, no network.

const hook = (id = "a"): DeliveryTarget => ({ webhookId: id, teamId: "t", url: `https://${id}.test/`, secrets: [] });
const ctx = { force: false, deferredSince: null };

beforeEach(() => {
  vi.useFakeTimers({ now: Date.parse("2026-11-24T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

function sent(admission: DeliveryAdmission): Extract<DeliveryAdmission, { kind: "send" }> {
  expect(admission.kind).toBe("send");
  return admission as Extract<DeliveryAdmission, { kind: "send" }>;
}

/** Settles the admission now (it may be a waiting one), or reports that it still waits. */
async function settled(promise: Promise<DeliveryAdmission>): Promise<DeliveryAdmission | "waiting"> {
  return Promise.race([promise, Promise.resolve("waiting" as const)]);
}

describe("EndpointGate", () => {
  it("sends one request at a time to an endpoint that has not yet answered promptly", async () => {
    const gate = new EndpointGate({ maxInFlight: 4 });
    const first = sent(await gate.admit(hook(), ctx));
    // The second waits in its slot for the first to answer (or stall).
    const second = gate.admit(hook(), ctx);
    expect(await settled(second)).toBe("waiting");
    // Another endpoint is not held back.
    sent(await gate.admit(hook("b"), ctx));
    first.done({ success: true, durationMs: 20 });
    sent(await second).done({ success: true, durationMs: 20 });
    // Proven prompt: up to maxInFlight at once.
    const admissions = await Promise.all([1, 2, 3, 4].map(() => gate.admit(hook(), ctx)));
    expect(admissions.map((a) => a.kind)).toEqual(["send", "send", "send", "send"]);
  });

  it("defers the waiters of an endpoint that stalls before answering once, until its request has certainly ended", async () => {
    const gate = new EndpointGate({ maxInFlight: 2, slowAfterMs: 2000, requestTimeoutMs: 10_000, random: () => 0 });
    sent(await gate.admit(hook(), ctx)); // never answers
    const waiting = gate.admit(hook(), ctx);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await waiting).toMatchObject({ kind: "defer", until: new Date(Date.parse("2026-11-24T00:00:10Z")) });
    // From now on, at once: no short deferrals that would come back every few hundred ms.
    expect(await gate.admit(hook(), ctx)).toMatchObject({
      kind: "defer",
      until: new Date(Date.parse("2026-11-24T00:00:10Z")),
    });
  });

  it("lets a request wait for a slot of a prompt endpoint at its cap, and hands it the next free slot", async () => {
    const gate = new EndpointGate({ maxInFlight: 2 });
    sent(await gate.admit(hook(), ctx)).done({ success: true, durationMs: 5 });
    const a = sent(await gate.admit(hook(), ctx));
    sent(await gate.admit(hook(), ctx));
    const waiting = gate.admit(hook(), ctx);
    expect(await settled(waiting)).toBe("waiting");
    a.done({ success: true, durationMs: 5 });
    expect((await waiting).kind).toBe("send");
  });

  it("defers the waiters once a request to the endpoint stalls, and then sends one at a time", async () => {
    const gate = new EndpointGate({ maxInFlight: 2, slowAfterMs: 2000, requestTimeoutMs: 10_000 });
    sent(await gate.admit(hook(), ctx)).done({ success: true, durationMs: 5 });
    sent(await gate.admit(hook(), ctx));
    sent(await gate.admit(hook(), ctx));
    const waiting = gate.admit(hook(), ctx);
    await vi.advanceTimersByTimeAsync(2000);
    const deferred = await waiting;
    expect(deferred).toMatchObject({ kind: "defer", reason: expect.stringContaining("one request at a time") });
    // Until the stalled request has certainly ended: its start plus the request timeout.
    const until = (deferred as { until: Date }).until.getTime();
    expect(until).toBeGreaterThanOrEqual(Date.parse("2026-11-24T00:00:10Z"));
    expect((await gate.admit(hook(), ctx)).kind).toBe("defer");
  });

  it("caps the waiters: beyond maxInFlight waiting, requests are deferred at once", async () => {
    const gate = new EndpointGate({ maxInFlight: 1 });
    sent(await gate.admit(hook(), ctx)).done({ success: true, durationMs: 5 });
    sent(await gate.admit(hook(), ctx));
    const waiting = gate.admit(hook(), ctx);
    expect(await settled(waiting)).toBe("waiting");
    expect(await gate.admit(hook(), ctx)).toMatchObject({ kind: "defer", reason: "endpoint at its in-flight cap" });
  });

  it("lets up to maxWaiting requests wait for a prompt endpoint, in order, and defers them all once it stalls", async () => {
    const gate = new EndpointGate({ maxInFlight: 1, maxWaiting: 3, slowAfterMs: 2000, requestTimeoutMs: 10_000 });
    sent(await gate.admit(hook(), ctx)).done({ success: true, durationMs: 5 });
    const inFlight = sent(await gate.admit(hook(), ctx));
    const waiters = [gate.admit(hook(), ctx), gate.admit(hook(), ctx), gate.admit(hook(), ctx)];
    for (const waiting of waiters) expect(await settled(waiting)).toBe("waiting");
    // The fourth over the cap is deferred: the slots beyond maxWaiting stay with other endpoints.
    expect(await gate.admit(hook(), ctx)).toMatchObject({ kind: "defer", reason: "endpoint at its in-flight cap" });
    // The first waiter gets the slot the request frees; the others keep waiting.
    inFlight.done({ success: true, durationMs: 5 });
    const next = sent((await settled(waiters[0] as Promise<DeliveryAdmission>)) as DeliveryAdmission);
    expect(await settled(waiters[1] as Promise<DeliveryAdmission>)).toBe("waiting");
    // That request hangs: at slowAfterMs the endpoint has stalled and the remaining waiters are deferred.
    await vi.advanceTimersByTimeAsync(2000);
    for (const waiting of waiters.slice(1)) expect((await waiting).kind).toBe("defer");
    next.done({ success: false, durationMs: 10_000 });
  });

  it("keeps an endpoint not yet proven prompt to maxInFlight waiters whatever maxWaiting says", async () => {
    const gate = new EndpointGate({ maxInFlight: 1, maxWaiting: 5 });
    sent(await gate.admit(hook(), ctx)); // its first request: no answer yet
    expect(await settled(gate.admit(hook(), ctx))).toBe("waiting");
    expect((await gate.admit(hook(), ctx)).kind).toBe("defer");
  });

  it("opens the circuit after consecutive failures, refuses while open, then probes once", async () => {
    const gate = new EndpointGate({ failureThreshold: 3, openMs: 30_000, maxOpenMs: 60_000 });
    for (let i = 0; i < 3; i++) sent(await gate.admit(hook(), ctx)).done({ success: false, durationMs: 5 });
    expect(await gate.admit(hook(), ctx)).toMatchObject({
      kind: "refuse",
      reason: expect.stringContaining("circuit open after 3 consecutive failures"),
    });
    expect(gate.snapshot()).toEqual([expect.objectContaining({ endpoint: "a", circuit: "open" })]);

    vi.advanceTimersByTime(30_000);
    const probe = sent(await gate.admit(hook(), ctx));
    expect(await gate.admit(hook(), ctx)).toMatchObject({ kind: "defer", reason: "endpoint is being probed" });
    probe.done({ success: false, durationMs: 5 });
    // A failed probe reopens the circuit for twice as long (up to maxOpenMs).
    vi.advanceTimersByTime(59_000);
    expect((await gate.admit(hook(), ctx)).kind).toBe("refuse");
    vi.advanceTimersByTime(1_000);
    sent(await gate.admit(hook(), ctx)).done({ success: true, durationMs: 5 });
    expect(gate.snapshot()).toEqual([expect.objectContaining({ circuit: "closed", consecutiveFailures: 0 })]);
    expect((await gate.admit(hook(), ctx)).kind).toBe("send");
  });

  it("always sends tests and redeliveries, and a success among them closes the circuit", async () => {
    const gate = new EndpointGate({ failureThreshold: 1 });
    sent(await gate.admit(hook(), ctx)).done({ success: false, durationMs: 5 });
    expect((await gate.admit(hook(), ctx)).kind).toBe("refuse");
    sent(await gate.admit(hook(), { force: true, deferredSince: null })).done({ success: true, durationMs: 5 });
    expect((await gate.admit(hook(), ctx)).kind).toBe("send");
  });

  it("defers a target deferred before at least as long again, and refuses it after maxDeferMs", async () => {
    const gate = new EndpointGate({ maxDeferMs: 600_000, requestTimeoutMs: 10_000, random: () => 0 });
    sent(await gate.admit(hook(), ctx)).done({ success: false, durationMs: 10_000 }); // failing now
    sent(await gate.admit(hook(), ctx)); // one in flight
    const since = new Date(Date.now() - 60_000);
    expect(await gate.admit(hook(), { force: false, deferredSince: since })).toMatchObject({
      kind: "defer",
      until: new Date(Date.now() + 60_000),
    });
    const long = new Date(Date.now() - 600_000);
    expect(await gate.admit(hook(), { force: false, deferredSince: long })).toMatchObject({
      kind: "refuse",
      reason: expect.stringContaining("endpoint took no request for 600 s"),
    });
  });

  it("keys the unsigned fallback by its URL", async () => {
    const gate = new EndpointGate();
    const unsigned = (teamId: string): DeliveryTarget => ({
      webhookId: null,
      teamId,
      url: "https://x.test/in",
      secrets: [],
    });
    sent(await gate.admit(unsigned("t1"), ctx));
    expect(await settled(gate.admit(unsigned("t2"), ctx))).toBe("waiting");
    expect(gate.snapshot()).toEqual([expect.objectContaining({ endpoint: "url:https://x.test/in", inFlight: 1 })]);
  });

  it("forgets an in-flight request that was never reported once it is far past the request timeout", async () => {
    const gate = new EndpointGate({ requestTimeoutMs: 1000 });
    sent(await gate.admit(hook(), ctx)); // never reported
    vi.advanceTimersByTime(2001);
    expect((await gate.admit(hook(), ctx)).kind).toBe("send");
  });

  it("validates its options", () => {
    expect(() => new EndpointGate({ maxInFlight: 0 })).toThrow(/maxInFlight must be a positive integer/);
    expect(() => new EndpointGate({ openMs: 10, maxOpenMs: 5 })).toThrow(/maxOpenMs \(5\) must not be below openMs/);
  });
});

import { DELIVERY_TIMEOUT_MS } from "@marketplace/core";
import type { DeliveryAdmission, DeliveryGate, DeliveryTarget } from "@marketplace/core/webhooks";

/** Options of `EndpointGate`. */
export interface EndpointGateOptions {
  /**
   * Requests in flight to one endpoint at once once it has answered promptly; default 8. As many
   * more wait for a slot; beyond that they are deferred (not sent, not an attempt).
   */
  maxInFlight?: number;
  /**
   * Requests that may wait in their job slots for a prompt endpoint at its cap; beyond that they
   * are deferred. Default `maxInFlight`. `runDeliveryWorker` sets it to the slots left once
   * `maxInFlight` are taken, so one busy, prompt endpoint (a backlog after downtime) waits in
   * slots instead of deferring its excess events over and over: each deferral is a job run, an
   * outbox row and a relay pass for a delivery that did not happen (ADR-0033; figures:
   * docs/performance.md, "Webhook delivery"). An endpoint
   * not yet proven prompt keeps `maxInFlight` waiters.
   */
  maxWaiting?: number;
  /**
   * A request in flight longer than this, or one that ended slower or failed, marks the endpoint
   * slow; default 2000 ms. An endpoint gets one request at a time until its last request succeeded
   * faster than this (a new endpoint too, like TCP's slow start).
   */
  slowAfterMs?: number;
  /** Consecutive failed requests that open an endpoint's circuit; default 5. */
  failureThreshold?: number;
  /** How long a circuit first stays open; default 30 s. Each failed probe doubles it. */
  openMs?: number;
  /** Longest a circuit stays open before the next probe; default 5 min. */
  maxOpenMs?: number;
  /** Deadline of one delivery request (the slot a hanging request holds at most); default 10 s. */
  requestTimeoutMs?: number;
  /**
   * A target deferred this long is refused instead (a recorded failed attempt, retried on the
   * event's schedule); default 10 min. Each deferral lasts at least as long as the ones before.
   */
  maxDeferMs?: number;
  /** Clock in ms; default `Date.now`. */
  now?: () => number;
  /** Spread of deferrals, so held-back jobs do not all wake at once; default `Math.random`. */
  random?: () => number;
}

interface EndpointState {
  /** Start times of the requests in flight. */
  inFlight: number[];
  consecutiveFailures: number;
  /** The last finished request succeeded faster than `slowAfterMs`. */
  prompt: boolean;
  /** Open circuit: no request until then (null: closed). */
  openUntil: number | null;
  /** The current open period, doubled by each failed probe. */
  openPeriodMs: number;
  /** A half-open probe is in flight. */
  probing: boolean;
  /** Admissions waiting for a slot of a prompt endpoint at its cap. */
  waiters: ((admission: DeliveryAdmission) => void)[];
  /** Fires when the oldest request in flight stalls, to stop the waiting. */
  stallTimer: ReturnType<typeof setTimeout> | null;
}

/** What an endpoint looks like to the gate now, for logs, metrics and tests. */
export interface EndpointSnapshot {
  endpoint: string;
  inFlight: number;
  consecutiveFailures: number;
  prompt: boolean;
  circuit: "closed" | "open" | "half-open";
  openUntil: Date | null;
}

/**
 * Per-endpoint isolation for webhook delivery, in this process: a slow, hanging or failing endpoint
 * cannot take the worker's job slots from the others.
 *
 * - **In-flight cap.** One request at a time to an endpoint until its last request succeeded in
 *   less than `slowAfterMs` (a new endpoint too, as in TCP's slow start), then up to
 *   `maxInFlight`; one again as soon as a request has been pending longer than that (it
 *   *stalled*). Over the cap, a request waits in its job slot for one of the endpoint's requests
 *   to end (at most `maxWaiting` wait for a prompt endpoint, `maxInFlight` for one not yet proven,
 *   and only until the endpoint stalls); otherwise the target is *deferred*: nothing is sent, no
 *   attempt is recorded, and the worker runs it again in a later job, once the stalled request has
 *   certainly ended (its timeout). A hanging endpoint therefore holds `1 + maxInFlight` job slots
 *   for `slowAfterMs`, then one; a prompt endpoint that starts hanging `maxInFlight + maxWaiting`,
 *   then `maxInFlight` until their timeout.
 * - **Circuit breaker.** After `failureThreshold` consecutive failures the circuit opens for
 *   `openMs`: targets on it are *refused*, recorded as failed attempts without a request, so the
 *   event's retry schedule goes on as if the dead endpoint had been tried. Then one probe goes out
 *   (half-open; the rest are deferred meanwhile); success closes the circuit, failure reopens it
 *   for twice as long, up to `maxOpenMs`.
 * - Tests and redeliveries (`force`) are always sent and count like any request: a team that fixed
 *   its endpoint and sends a test closes the circuit.
 *
 * An endpoint is a webhook (by id), or an unsigned `submissionUrl` (by URL). The state is in
 * memory: each worker process judges endpoints by what it sees itself.
 *
 * @example
 * const gate = new EndpointGate({ maxInFlight: 8 });
 * await deliverEvent(job, { webhooks, deliveries, transport, gate });
 */
export class EndpointGate implements DeliveryGate {
  private readonly endpoints = new Map<string, EndpointState>();
  private readonly maxInFlight: number;
  private readonly maxWaiting: number;
  private readonly slowAfterMs: number;
  private readonly failureThreshold: number;
  private readonly openMs: number;
  private readonly maxOpenMs: number;
  private readonly requestTimeoutMs: number;
  private readonly maxDeferMs: number;
  private readonly now: () => number;
  private readonly random: () => number;

  constructor(options: EndpointGateOptions = {}) {
    this.maxInFlight = positive("maxInFlight", options.maxInFlight, 8);
    this.maxWaiting = positive("maxWaiting", options.maxWaiting, this.maxInFlight);
    this.slowAfterMs = positive("slowAfterMs", options.slowAfterMs, 2000);
    this.failureThreshold = positive("failureThreshold", options.failureThreshold, 5);
    this.openMs = positive("openMs", options.openMs, 30_000);
    this.maxOpenMs = positive("maxOpenMs", options.maxOpenMs, 300_000);
    this.requestTimeoutMs = positive("requestTimeoutMs", options.requestTimeoutMs, DELIVERY_TIMEOUT_MS);
    this.maxDeferMs = positive("maxDeferMs", options.maxDeferMs, 600_000);
    if (this.maxOpenMs < this.openMs) {
      throw new RangeError(`EndpointGate: maxOpenMs (${this.maxOpenMs}) must not be below openMs (${this.openMs})`);
    }
    this.now = options.now ?? Date.now;
    this.random = options.random ?? Math.random;
  }

  admit(target: DeliveryTarget, context: { force: boolean; deferredSince: Date | null }): Promise<DeliveryAdmission> {
    const key = endpointKey(target);
    const now = this.now();
    const state = this.state(key);
    if (context.force) return Promise.resolve(this.send(key, state, now, false));
    const decision = this.decide(key, state, now);
    if (decision !== "wait") return Promise.resolve(this.lengthen(decision, context.deferredSince, now));
    // At the endpoint's cap: wait in this slot for one of its requests to end (milliseconds for a
    // prompt endpoint), unless it stalls first, or too many already wait.
    if (state.waiters.length >= (state.prompt ? this.maxWaiting : this.maxInFlight)) {
      // Back once the oldest request has answered or stalled, whichever the endpoint does.
      const oldest = Math.min(...state.inFlight);
      const until = state.prompt ? now + 250 : Math.max(now + 250, oldest + this.requestTimeoutMs);
      return Promise.resolve(
        this.lengthen(this.defer(until, "endpoint at its in-flight cap"), context.deferredSince, now),
      );
    }
    return new Promise<DeliveryAdmission>((resolve) => {
      state.waiters.push(resolve);
      this.watchStall(key, state);
    });
  }

  /**
   * A target deferred again waits at least as long again as it already has (10 s, 20 s, 40 s, …),
   * so a hanging endpoint's backlog costs ever fewer job runs; after `maxDeferMs` it is refused (a
   * recorded failed attempt), and the event's retry schedule takes over.
   */
  private lengthen(admission: DeliveryAdmission, deferredSince: Date | null, now: number): DeliveryAdmission {
    if (admission.kind !== "defer" || deferredSince === null) return admission;
    const waited = now - deferredSince.getTime();
    if (waited >= this.maxDeferMs) {
      return {
        kind: "refuse",
        reason: `endpoint took no request for ${Math.round(waited / 1000)} s (${admission.reason})`,
      };
    }
    const until = Math.max(admission.until.getTime(), now + waited);
    return until === admission.until.getTime() ? admission : this.defer(until, admission.reason);
  }

  /** What to do for a request to `state`'s endpoint now: send, refuse, defer, or wait for a slot. */
  private decide(key: string, state: EndpointState, now: number): DeliveryAdmission | "wait" {
    // No request outlives its timeout: an entry older than that was never reported (a bug or a
    // lost task) and must not starve the endpoint forever.
    const expired = now - 2 * this.requestTimeoutMs;
    if (state.inFlight.some((started) => started < expired)) {
      state.inFlight = state.inFlight.filter((started) => started >= expired);
    }
    if (state.openUntil !== null) {
      if (now < state.openUntil) {
        return {
          kind: "refuse",
          reason: `endpoint circuit open after ${state.consecutiveFailures} consecutive failures; next probe after ${new Date(state.openUntil).toISOString()}`,
        };
      }
      if (state.probing) return this.defer(now + this.requestTimeoutMs, "endpoint is being probed");
      return this.send(key, state, now, true);
    }
    const stalled = state.inFlight.some((started) => now - started >= this.slowAfterMs);
    if (state.prompt && !stalled) {
      return state.inFlight.length < this.maxInFlight ? this.send(key, state, now, false) : "wait";
    }
    if (state.inFlight.length === 0) return this.send(key, state, now, false);
    // Not proven prompt: one request at a time. A new endpoint's other requests wait for it in
    // their slots until it answers or stalls; once it stalled, or while it is failing, they come
    // back when that request has certainly ended (its timeout), so a hanging endpoint costs one job
    // run per deferred event per timeout, not a stream of short deferrals.
    // A new endpoint's requests wait for its first answer; a failing one's do not hold slots.
    if (!stalled && state.consecutiveFailures === 0) return "wait";
    const oldest = Math.min(...state.inFlight);
    return this.defer(
      Math.max(now + 250, oldest + this.requestTimeoutMs),
      "endpoint not answering promptly: one request at a time",
    );
  }

  /** Hands freed slots to waiters in order; defers them all once the endpoint is no longer prompt. */
  private drain(key: string, state: EndpointState): void {
    while (state.waiters.length > 0) {
      const decision = this.decide(key, state, this.now());
      if (decision === "wait") break;
      (state.waiters.shift() as (admission: DeliveryAdmission) => void)(decision);
    }
    if (state.waiters.length === 0 && state.stallTimer) {
      clearTimeout(state.stallTimer);
      state.stallTimer = null;
    }
  }

  /** Wakes the waiters when the oldest request in flight turns `slowAfterMs` old (the endpoint stalls). */
  private watchStall(key: string, state: EndpointState): void {
    if (state.stallTimer || state.inFlight.length === 0) return;
    const oldest = Math.min(...state.inFlight);
    state.stallTimer = setTimeout(
      () => {
        state.stallTimer = null;
        this.drain(key, state);
        if (state.waiters.length > 0) this.watchStall(key, state);
      },
      Math.max(0, oldest + this.slowAfterMs - this.now()),
    );
    (state.stallTimer as { unref?: () => void }).unref?.();
  }

  /** The endpoints this gate has seen, and what it holds of each. */
  snapshot(): EndpointSnapshot[] {
    const now = this.now();
    return [...this.endpoints].map(([endpoint, state]) => ({
      endpoint,
      inFlight: state.inFlight.length,
      consecutiveFailures: state.consecutiveFailures,
      prompt: state.prompt,
      circuit: state.openUntil === null ? "closed" : now < state.openUntil ? "open" : "half-open",
      openUntil: state.openUntil === null ? null : new Date(state.openUntil),
    }));
  }

  private state(key: string): EndpointState {
    let state = this.endpoints.get(key);
    if (!state) {
      state = {
        inFlight: [],
        consecutiveFailures: 0,
        prompt: false,
        openUntil: null,
        openPeriodMs: 0,
        probing: false,
        waiters: [],
        stallTimer: null,
      };
      this.endpoints.set(key, state);
    }
    return state;
  }

  private defer(untilMs: number, reason: string): DeliveryAdmission {
    // Up to as long again, so the jobs held back by one endpoint come back spread out, not
    // in one burst when its request times out.
    const spread = Math.max(0, untilMs - this.now()) * this.random();
    return { kind: "defer", until: new Date(Math.round(untilMs + spread)), reason };
  }

  private send(key: string, state: EndpointState, started: number, probe: boolean): DeliveryAdmission {
    state.inFlight.push(started);
    if (probe) state.probing = true;
    let reported = false;
    return {
      kind: "send",
      done: ({ success, durationMs }) => {
        if (reported) return;
        reported = true;
        const index = state.inFlight.indexOf(started);
        if (index >= 0) state.inFlight.splice(index, 1);
        if (probe) state.probing = false;
        if (success) {
          state.consecutiveFailures = 0;
          state.openUntil = null;
          state.openPeriodMs = 0;
          state.prompt = durationMs < this.slowAfterMs;
        } else {
          state.consecutiveFailures += 1;
          state.prompt = false;
          if (probe || (state.openUntil === null && state.consecutiveFailures >= this.failureThreshold)) {
            state.openPeriodMs =
              state.openPeriodMs === 0 ? this.openMs : Math.min(this.maxOpenMs, state.openPeriodMs * 2);
            state.openUntil = this.now() + state.openPeriodMs;
          }
        }
        this.drain(key, state);
      },
    };
  }
}

/** A webhook by id; the unsigned fallback by its URL. */
function endpointKey(target: DeliveryTarget): string {
  return target.webhookId ?? `url:${target.url}`;
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const resolved = value ?? fallback;
  if (!Number.isInteger(resolved) || resolved < 1) {
    throw new RangeError(`EndpointGate: ${name} must be a positive integer, got ${resolved}`);
  }
  return resolved;
}

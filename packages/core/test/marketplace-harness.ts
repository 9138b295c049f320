/**
 * The harness of the core's \`createMarketplace\` tests: the in-memory adapter users test with
 * (\`@marketplace/core/testing\`, held to the PostgreSQL adapter's contracts) with probes on the calls
 * those tests count, a clock they move by hand, and a logger that keeps its lines.
 */

import { createMarketplace, type Marketplace } from "../src/marketplace.ts";
import type { LogFields, Logger, Repositories, TransactionScope } from "../src/ports.ts";
import type { Clock } from "../src/shared-ports.ts";
import { InMemoryUnitOfWork } from "../src/testing/index.ts";

/** Calls the tests look at, and a switch to make `touch` fail. */
export interface Probe {
  findByPrefix: number;
  offerFindById: number;
  touches: { id: string; at: Date }[];
  failTouch: boolean;
  /** Runs inside every `findByPrefix`, between the call and its answer. */
  duringFindByPrefix?: () => void;
}

/** The repositories with the probed calls counted (and `touch` failing on demand). */
export function probed<T extends Repositories>(repositories: T, probe: Probe): T {
  const { apiKeys, offers } = repositories;
  return {
    ...repositories,
    apiKeys: {
      ...apiKeys,
      async findByPrefix(prefix) {
        probe.findByPrefix++;
        probe.duringFindByPrefix?.();
        return apiKeys.findByPrefix(prefix);
      },
      async touch(id, at) {
        if (probe.failTouch) throw new Error("database is read-only");
        probe.touches.push({ id, at });
        return apiKeys.touch(id, at);
      },
    },
    offers: {
      ...offers,
      async findById(...args) {
        probe.offerFindById++;
        return offers.findById(...args);
      },
    },
  };
}

export class ProbedUnitOfWork extends InMemoryUnitOfWork {
  readonly probe: Probe = { findByPrefix: 0, offerFindById: 0, touches: [], failTouch: false };
  /** The repositories without probes, for the tests' own reads. */
  readonly unprobed: Repositories;

  constructor(clock: Clock) {
    super({ clock });
    this.unprobed = this.repositories;
    (this as { repositories: Repositories }).repositories = probed(this.repositories, this.probe);
  }

  override transaction<T>(work: (scope: TransactionScope) => Promise<T>): Promise<T> {
    return super.transaction((scope) => work(probed(scope, this.probe)));
  }
}

export class FakeClock implements Clock {
  constructor(private time: number) {}
  now(): Date {
    return new Date(this.time);
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string; fields?: LogFields | undefined }[] = [];
  debug(message: string, fields?: LogFields) {
    this.lines.push({ level: "debug", message, fields });
  }
  info(message: string, fields?: LogFields) {
    this.lines.push({ level: "info", message, fields });
  }
  warn(message: string, fields?: LogFields) {
    this.lines.push({ level: "warn", message, fields });
  }
  error(message: string, fields?: LogFields) {
    this.lines.push({ level: "error", message, fields });
  }
}

export const START = Date.parse("2026-01-01T00:00:00.000Z");

/** A marketplace over a fresh probed in-memory unit of work, at \`START\`, logging into \`logger\`. */
export function freshMarketplace(): {
  uow: ProbedUnitOfWork;
  clock: FakeClock;
  logger: RecordingLogger;
  marketplace: Marketplace;
} {
  const clock = new FakeClock(START);
  const uow = new ProbedUnitOfWork(clock);
  const logger = new RecordingLogger();
  return { uow, clock, logger, marketplace: createMarketplace({ unitOfWork: uow, clock, logger }) };
}

/** The reason `promise` rejects with; throws when it resolves. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to reject");
}

/**
 * Ports every feature may use: the clock, identifiers, and how a repository reads rows a transaction changes.
 *
 * @module
 */

/** Source of the current time. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

/** Source of new identifiers. */
export interface IdGenerator {
  /** A new random UUID v4. */
  uuid(): string;
}

/** How a repository reads rows that the transaction is about to change. */
export interface ReadOptions {
  /**
   * Lock the rows read until the transaction ends (`SELECT … FOR UPDATE`): a concurrent writer of
   * the same rows waits, so a read-modify-write cannot lose another one's change.
   */
  forUpdate?: boolean;
}

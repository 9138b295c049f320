import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  ConflictError,
  InvalidInputError,
  MarketplaceError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionError,
  PublishValidationError,
  RateLimitedError,
  UnprocessableError,
} from "./errors.ts";

const samples = [
  new InvalidInputError(["name must not be empty"]),
  new PublishValidationError([{ section: "pricing", field: "monthlyPrice", message: "monthlyPrice is required" }]),
  new AuthenticationError(),
  new PermissionError("no"),
  new NotFoundError("Offer", "x"),
  new ConflictError("taken"),
  new UnprocessableError("no", "consent_required"),
  new PayloadTooLargeError("big"),
  new RateLimitedError(),
];
const classes = [
  InvalidInputError,
  PublishValidationError,
  AuthenticationError,
  PermissionError,
  NotFoundError,
  ConflictError,
  UnprocessableError,
  PayloadTooLargeError,
  RateLimitedError,
] as const;

describe("isInstance", () => {
  it("of the base class is true for every error of the core, false for anything else", () => {
    for (const error of samples) expect(MarketplaceError.isInstance(error), error.name).toBe(true);
    for (const value of [new Error("x"), null, undefined, "conflict", { code: "conflict" }]) {
      expect(MarketplaceError.isInstance(value)).toBe(false);
    }
  });

  it("of each class is true for its own errors only", () => {
    classes.forEach((errorClass, i) => {
      const isInstance = (value: unknown): boolean => errorClass.isInstance(value);
      samples.forEach((error, j) => {
        expect(isInstance(error), `${errorClass.name}.isInstance(${error.name})`).toBe(i === j);
      });
    });
  });

  it("recognises an error of another copy of the core by its marker and code", () => {
    const foreign = Object.assign(new Error("taken"), { [Symbol.for("marketplace.error")]: true, code: "conflict" });
    expect(MarketplaceError.isInstance(foreign)).toBe(true);
    expect(ConflictError.isInstance(foreign)).toBe(true);
    expect(NotFoundError.isInstance(foreign)).toBe(false);
  });

  it("narrows the type to the class", () => {
    const error: unknown = new InvalidInputError(["a", "b"]);
    if (!InvalidInputError.isInstance(error)) throw new Error("not narrowed");
    expect(error.problems).toEqual(["a", "b"]);
  });
});

describe("cause", () => {
  it("is kept when given, and absent otherwise", () => {
    const violation = Object.assign(new Error("duplicate key"), { code: "23505" });
    expect(new ConflictError("taken", { cause: violation }).cause).toBe(violation);
    expect(new NotFoundError("Market", "m", { cause: violation }).cause).toBe(violation);
    expect(new InvalidInputError(["x"], { cause: violation }).cause).toBe(violation);
    expect(new UnprocessableError("no", undefined, { cause: violation }).cause).toBe(violation);
    expect("cause" in new ConflictError("taken")).toBe(false);
  });
});

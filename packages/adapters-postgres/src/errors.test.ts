import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./errors.ts";
import { PostgresUnitOfWork } from "./postgres-unit-of-work.ts";

describe("isDatabaseUnavailable", () => {
  it("recognises a lost or refused connection, however it is wrapped", () => {
    const lost = [
      Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01" }),
      Object.assign(new Error("the database system is starting up"), { code: "57P03" }),
      Object.assign(new Error("x"), { code: "08006" }),
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      new Error("Connection terminated unexpectedly"),
      new Error("wrapped", { cause: new Error("Connection terminated unexpectedly") }),
      new AggregateError([new Error("other"), Object.assign(new Error("y"), { code: "57P01" })], "many"),
    ];
    for (const error of lost) expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("leaves every other failure alone", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable("Connection terminated")).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});

describe("PostgresUnitOfWork.isUnavailable", () => {
  it("is the classifier, so the core learns of a lost database through its port", () => {
    const unitOfWork = new PostgresUnitOfWork({ db: {} as never });
    expect(unitOfWork.isUnavailable(Object.assign(new Error("x"), { code: "57P01" }))).toBe(true);
    expect(unitOfWork.isUnavailable(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
  });
});

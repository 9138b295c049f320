import { z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { formatIssues } from "./validation.ts";

// No HTTP request schema is nested yet; these pin the messages nested schemas will produce.
const Nested = z.strictObject({
  name: z.string(),
  address: z.strictObject({ zip: z.string().min(5), country: z.enum(["US", "CA"]) }),
  items: z.array(z.strictObject({ offerId: z.string(), quantity: z.int().min(1) })).optional(),
});

function messages(input: unknown): string[] {
  const result = Nested.safeParse(input);
  expect(result.success).toBe(false);
  return formatIssues(result.error?.issues ?? [], input);
}

describe("formatIssues on nested schemas", () => {
  it("names unknown nested properties by their dotted path, one entry each", () => {
    expect(
      messages({
        name: "x",
        address: { zip: "12345", country: "US", foo: 1, bar: 2 },
        items: [{ offerId: "a", quantity: 1, x: 1 }],
      }),
    ).toEqual([
      "property address.foo should not exist",
      "property address.bar should not exist",
      "property items.0.x should not exist",
    ]);
  });

  it("reports missing, mistyped and out-of-range nested fields with their paths", () => {
    expect(
      messages({ name: "x", address: { zip: 12345 }, items: [{ offerId: "a", quantity: 0 }, { quantity: "2" }] }),
    ).toEqual([
      "address.zip must be a string",
      "address.country is required",
      "items.0.quantity must not be less than 1",
      "items.1.offerId is required",
      "items.1.quantity must be a number",
    ]);
  });

  it("reports a bad nested enum value with the allowed values", () => {
    expect(messages({ name: "x", address: { zip: "123", country: "MX" } })).toEqual([
      "address.zip must be at least 5 characters",
      "address.country must be one of the following values: US, CA",
    ]);
  });

  it("reports a nested object of the wrong type", () => {
    expect(messages({ name: "x", address: "Main Street" })).toEqual(["address must be an object"]);
    expect(messages({ name: "x", address: { zip: "12345", country: "US" }, items: {} })).toEqual([
      "items must be an array",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { isSuccessStatus, recordableText } from "./delivery-records.ts";

describe("delivery records", () => {
  it("count 2xx as success only", () => {
    expect([199, 200, 204, 299, 300, 302, 404, 500].map(isSuccessStatus)).toEqual([
      false,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it("keep at most 4 KiB of a response, on a character boundary, without NUL", () => {
    expect(recordableText("a\u0000b")).toBe("a\uFFFDb");
    expect(recordableText("x".repeat(5000))).toBe("x".repeat(4096));
    const euros = recordableText("€".repeat(2000)); // 3 bytes each
    expect(euros).toBe("€".repeat(1365));
  });
});

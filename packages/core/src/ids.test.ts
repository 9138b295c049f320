import { describe, expect, it } from "vitest";
import { isUuidV4, randomUuid, requestIdOf } from "./ids.ts";

describe("requestIdOf", () => {
  const fresh = () => "fresh-id";

  it("keeps a sane incoming id: letters, digits and ._:- up to 128 characters", () => {
    for (const id of ["req-42", "a", "01J9Z3.trace:span_7-x", "x".repeat(128)]) {
      expect(requestIdOf(id, fresh)).toBe(id);
    }
  });

  it("makes a new one when there is none, or it could not go in a log line or a header as it is", () => {
    for (const id of [undefined, null, "", "two words", "line\nbreak", "x".repeat(129), "ümlaut", "a/b", '"quoted"']) {
      expect(requestIdOf(id, fresh)).toBe("fresh-id");
    }
  });

  it("makes UUID v4 ids with randomUuid", () => {
    const id = requestIdOf(undefined, randomUuid);
    expect(isUuidV4(id)).toBe(true);
    expect(requestIdOf(undefined, randomUuid)).not.toBe(id);
  });
});

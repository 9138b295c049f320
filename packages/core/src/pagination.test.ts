import { describe, expect, it } from "vitest";
import { fromBase64Url, toBase64Url, utf8 } from "./crypto.ts";
import { InvalidInputError } from "./errors.ts";
import {
  DEFAULT_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  type ListResult,
  MAX_PAGE_SIZE,
  mapListResult,
  type Page,
  type PageRequest,
  pageRequest,
  toListResult,
} from "./pagination.ts";

const ID = "6f1c2a4e-0b7d-4c3e-9a51-2f8e7d6c5b4a";
const OTHER_ID = "0d9b8a7c-6e5f-4a3b-8c2d-1e0f9a8b7c6d";
const LIMIT_PROBLEM = "limit must be an integer from 1 to 100";
const CURSOR_PROBLEM = "cursor is invalid: pass back nextCursor from a previous response unmodified";

function problemsOf(fn: () => unknown): readonly string[] {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as InvalidInputError).problems;
  }
  throw new Error("expected an InvalidInputError");
}

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Replaces the character at `index` with the base64url character whose value differs in the lowest bit. */
function flip(text: string, index: number): string {
  const value = ALPHABET.indexOf(text[index] ?? "");
  if (value < 0) throw new Error(`not base64url at ${index}`);
  return text.slice(0, index) + ALPHABET[value ^ 1] + text.slice(index + 1);
}

function rows(count: number): { id: string; n: number }[] {
  return Array.from({ length: count }, (_, n) => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`, n }));
}

function asPage<T>(result: ListResult<T>): Page<T> {
  if (Array.isArray(result)) throw new Error("expected a page, got an array");
  return result;
}

describe("pageRequest", () => {
  it("asks for the complete list when neither limit nor cursor is sent", () => {
    expect(pageRequest("offers", {})).toEqual({ kind: "all" });
    expect(pageRequest("offers", { limit: undefined, cursor: undefined })).toEqual({ kind: "all" });
  });

  it("asks for the first page when only limit is sent", () => {
    expect(pageRequest("offers", { limit: 10 })).toEqual({ kind: "page", limit: 10, after: null });
  });

  it("accepts the bounds 1 and 100", () => {
    expect(pageRequest("offers", { limit: 1 })).toEqual({ kind: "page", limit: 1, after: null });
    expect(pageRequest("offers", { limit: MAX_PAGE_SIZE })).toEqual({ kind: "page", limit: 100, after: null });
  });

  it("uses the default page size of 20 when only cursor is sent", () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect(pageRequest("offers", { cursor: encodeCursor("offers", ID) })).toEqual({
      kind: "page",
      limit: 20,
      after: ID,
    });
  });

  it("uses both limit and cursor when both are sent", () => {
    expect(pageRequest("offers", { limit: 5, cursor: encodeCursor("offers", ID) })).toEqual({
      kind: "page",
      limit: 5,
      after: ID,
    });
  });

  it.each([0, 101, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY])("rejects limit %d", (limit) => {
    expect(() => pageRequest("offers", { limit })).toThrow(InvalidInputError);
    expect(problemsOf(() => pageRequest("offers", { limit }))).toEqual([LIMIT_PROBLEM]);
  });

  it("reports a bad limit and a bad cursor together", () => {
    expect(problemsOf(() => pageRequest("offers", { limit: 0, cursor: "nope" }))).toEqual([
      LIMIT_PROBLEM,
      CURSOR_PROBLEM,
    ]);
  });
});

describe("encodeCursor / decodeCursor", () => {
  const cursor = encodeCursor("offers", ID);

  it("round-trips the id of the last record", () => {
    expect(decodeCursor("offers", cursor)).toBe(ID);
    expect(decodeCursor("teams", encodeCursor("teams", OTHER_ID))).toBe(OTHER_ID);
  });

  it("produces an opaque base64url string", () => {
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(ID);
  });

  it("differs per list and per id", () => {
    expect(encodeCursor("teams", ID)).not.toBe(cursor);
    expect(encodeCursor("offers", OTHER_ID)).not.toBe(cursor);
  });

  it("rejects a cursor issued by another list", () => {
    expect(decodeCursor("offers", encodeCursor("teams", ID))).toBeNull();
    expect(decodeCursor("teams", cursor)).toBeNull();
  });

  it("rejects a cursor with any one character changed (except the last, see below)", () => {
    for (let index = 0; index < cursor.length - 1; index++) {
      expect(decodeCursor("offers", flip(cursor, index)), `flipped at ${index}`).toBeNull();
    }
  });

  // The last character carries unused low bits: editing only those must not pass either.
  it("rejects a cursor whose last character is changed", () => {
    expect(cursor.length).toBe(70);
    const edited = flip(cursor, cursor.length - 1);
    expect(edited).not.toBe(cursor);
    expect(decodeCursor("offers", edited)).toBeNull();
  });

  it("rejects a cursor with an edited id even when the structure stays valid", () => {
    const text = new TextDecoder().decode(fromBase64Url(cursor) ?? new Uint8Array());
    const [list, id, sum] = text.split(":");
    expect(list).toBe("offers");
    expect(id).toBe(ID);
    expect(decodeCursor("offers", toBase64Url(utf8(`offers:${OTHER_ID}:${sum}`)))).toBeNull();
    expect(decodeCursor("offers", toBase64Url(utf8(`offers:${ID}:00000000`)))).toBeNull();
    expect(decodeCursor("offers", toBase64Url(utf8(`offers:${ID}`)))).toBeNull();
    expect(decodeCursor("offers", toBase64Url(utf8(`offers:not-a-uuid:${sum}`)))).toBeNull();
  });

  it.each([1, 2, 4, 10, 69])("rejects a cursor truncated by %i characters", (cut) => {
    expect(decodeCursor("offers", cursor.slice(0, cursor.length - cut))).toBeNull();
  });

  it("rejects a cursor with extra characters", () => {
    expect(decodeCursor("offers", `${cursor}AAAA`)).toBeNull();
    expect(decodeCursor("offers", `${cursor}A`)).toBeNull();
  });

  it.each(["abc+def/", "abc=", `${cursor.slice(0, -2)}==`, "!!!!", "with space", "ümlaut", "%2F%2F"])(
    "rejects the non-base64url cursor %j",
    (bad) => {
      expect(decodeCursor("offers", bad)).toBeNull();
    },
  );

  it("rejects bytes that are not UTF-8", () => {
    expect(decodeCursor("offers", toBase64Url(new Uint8Array([0xff, 0xfe, 0x3a, 0x3a])))).toBeNull();
  });

  it("rejects an empty cursor", () => {
    expect(decodeCursor("offers", "")).toBeNull();
  });

  it("rejects oversized cursors", () => {
    expect(decodeCursor("offers", "A".repeat(201))).toBeNull();
    expect(decodeCursor("offers", cursor.repeat(50))).toBeNull();
  });

  it.each([
    ["another list's", encodeCursor("teams", ID)],
    ["a flipped", flip(cursor, 20)],
    ["a truncated", cursor.slice(0, -3)],
    ["a non-base64url", "abc+def/"],
    ["an empty", ""],
    ["an oversized", "A".repeat(1000)],
  ])("makes pageRequest throw InvalidInputError for %s cursor", (_, bad) => {
    expect(problemsOf(() => pageRequest("offers", { cursor: bad }))).toEqual([CURSOR_PROBLEM]);
    expect(problemsOf(() => pageRequest("offers", { limit: 10, cursor: bad }))).toEqual([CURSOR_PROBLEM]);
  });
});

describe("toListResult", () => {
  const page = (limit: number, after: string | null = null): PageRequest => ({ kind: "page", limit, after });

  it("returns the rows as they are for a request of the complete list", () => {
    const all = rows(5);
    expect(toListResult("offers", { kind: "all" }, all)).toEqual(all);
  });

  it("with limit + 1 rows, returns limit rows, hasMore and a cursor naming the last one returned", () => {
    const fetched = rows(4);
    const result = asPage(toListResult("offers", page(3), fetched));
    expect(result.data).toEqual(fetched.slice(0, 3));
    expect(result.hasMore).toBe(true);
    expect(result.nextCursor).not.toBeNull();
    expect(decodeCursor("offers", result.nextCursor ?? "")).toBe(fetched[2]?.id);
    expect(pageRequest("offers", { cursor: result.nextCursor ?? "" })).toEqual(page(20, fetched[2]?.id ?? null));
  });

  it("binds the next cursor to its list", () => {
    const result = asPage(toListResult("teams", page(1), rows(2)));
    expect(decodeCursor("offers", result.nextCursor ?? "")).toBeNull();
    expect(decodeCursor("teams", result.nextCursor ?? "")).toBe(rows(1)[0]?.id);
  });

  it("with exactly limit rows, reports no more and no cursor", () => {
    const fetched = rows(3);
    expect(toListResult("offers", page(3), fetched)).toEqual({ data: fetched, hasMore: false, nextCursor: null });
  });

  it("with fewer rows than limit, reports no more and no cursor", () => {
    expect(toListResult("offers", page(3), rows(1))).toEqual({ data: rows(1), hasMore: false, nextCursor: null });
    expect(toListResult("offers", page(3, ID), [])).toEqual({ data: [], hasMore: false, nextCursor: null });
  });
});

describe("mapListResult", () => {
  it("maps a complete list to an array", () => {
    expect(mapListResult(rows(3), (row) => row.n * 10)).toEqual([0, 10, 20]);
  });

  it("maps a page's data and keeps hasMore and nextCursor", () => {
    const result = toListResult("offers", { kind: "page", limit: 2, after: null }, rows(3));
    const mapped = asPage(mapListResult(result, (row) => ({ id: row.id, label: `#${row.n}` })));
    const original = asPage(result);
    expect(mapped).toEqual({
      data: [
        { id: original.data[0]?.id, label: "#0" },
        { id: original.data[1]?.id, label: "#1" },
      ],
      hasMore: true,
      nextCursor: original.nextCursor,
    });
    expect(Object.keys(mapped).sort()).toEqual(["data", "hasMore", "nextCursor"]);
  });

  it("keeps an empty last page a page", () => {
    const empty: ListResult<number> = { data: [], hasMore: false, nextCursor: null };
    expect(mapListResult(empty, (n) => n + 1)).toEqual({ data: [], hasMore: false, nextCursor: null });
  });
});

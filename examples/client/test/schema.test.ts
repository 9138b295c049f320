import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { generateSchema } from "../src/generate-schema.ts";

describe("src/schema.d.ts", () => {
  it("is what the API's OpenAPI document generates now (else: pnpm --filter @marketplace/example-client generate)", async () => {
    const committed = await readFile(new URL("../src/schema.d.ts", import.meta.url), "utf8");
    const generated = await generateSchema();
    // Compared line by line first, so a drift names the first differing line instead of 300 kB.
    const committedLines = committed.split("\n");
    const firstDifference = generated.split("\n").findIndex((line, index) => line !== committedLines[index]);
    expect(
      firstDifference === -1 ? null : { line: firstDifference + 1, committed: committedLines[firstDifference] },
      "schema.d.ts is out of date: run pnpm --filter @marketplace/example-client generate",
    ).toBeNull();
    expect(generated).toBe(committed);
  });
});

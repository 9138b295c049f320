import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";

// The README shows the heart of src/service.ts: every code line it prints must be a line of that
// file (comments aside), so the guide cannot drift from the example that the e2e test runs.

const MARKER = "<!-- examples/embed-node/src/service.ts -->";

describe("README's embedding excerpt", () => {
  it("prints only lines of examples/embed-node/src/service.ts", async () => {
    const readme = await readFile(new URL("../../../README.md", import.meta.url), "utf8");
    const service = await readFile(new URL("../src/service.ts", import.meta.url), "utf8");
    const at = readme.indexOf(MARKER);
    expect(at, `README.md has no ${MARKER} marker`).toBeGreaterThan(-1);
    const block = /```ts\n([\s\S]*?)```/.exec(readme.slice(at))?.[1] ?? "";
    const code = block
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("//"));
    expect(code.length).toBeGreaterThan(20);
    const serviceLines = new Set(service.split("\n").map((line) => line.trim()));
    expect(code.filter((line) => !serviceLines.has(line))).toEqual([]);
  });
});

import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// packages/http writes response bodies in one place: src/serializers/, one module per feature (as the
// core is laid out) and an index. Routes import the index and format no timestamps themselves; the
// serializers import only each other and the core's types and formatters.

const http = fileURLToPath(new URL("../../packages/http/src/", import.meta.url));

function sources(dir: string): { name: string; text: string }[] {
  return readdirSync(`${http}${dir}`)
    .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
    .map((name) => ({ name, text: readFileSync(`${http}${dir}/${name}`, "utf8") }));
}

const importedFrom = (text: string) =>
  [...text.matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms)].map((match) => match[1] as string);

describe("response serializers", () => {
  it("routes format no timestamps and reach the serializers through their index", () => {
    const offences = sources("routes").flatMap(({ name, text }) => [
      ...(/toISOString\(|isoTime\(/.test(text) ? [`${name}: formats a timestamp`] : []),
      ...importedFrom(text)
        .filter((from) => /serializers/.test(from) && from !== "../serializers/index.ts")
        .map((from) => `${name}: imports ${from}`),
    ]);
    expect(offences).toEqual([]);
  });

  it("serializers import only each other and the core", () => {
    const offences = sources("serializers").flatMap(({ name, text }) =>
      importedFrom(text)
        .filter((from) => !/^@marketplace\/core(\/|$)/.test(from) && !/^\.\/[\w-]+\.ts$/.test(from))
        .map((from) => `${name}: imports ${from}`),
    );
    expect(offences).toEqual([]);
  });

  it("no serializer is left outside src/serializers/", () => {
    const strays = sources("").filter(({ name }) => name.endsWith("serializers.ts"));
    expect(strays.map(({ name }) => name)).toEqual([]);
  });
});

import { defineConfig } from "tsup";

export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
  // Resolved by the consumer through package.json "imports": the browser build or the Node entry.
  external: ["#csv-parse"],
});

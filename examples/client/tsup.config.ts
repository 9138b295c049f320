import { defineConfig } from "tsup";

export default defineConfig({
  entry: { main: "src/main.ts", generate: "src/generate.ts" },
  format: ["esm"],
  dts: false,
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
  skipNodeModulesBundle: true, // devDependencies (openapi-typescript, the workspace packages) stay imports
});

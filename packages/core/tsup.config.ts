import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    index: "src/index.ts",
    signing: "src/signing.ts",
    "consent-evidence": "src/consent-evidence.ts",
    "testing/index": "src/testing/index.ts",
  },
  format: ["esm"],
  dts: true,
  sourcemap: true,
  clean: true,
  target: "es2022",
  platform: "neutral",
});

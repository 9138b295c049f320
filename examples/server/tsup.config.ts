import { defineConfig } from "tsup";

export default defineConfig({
  entry: {
    main: "src/main.ts",
    cli: "src/cli.ts",
    "embedded-postgres": "src/embedded-postgres.ts",
    host: "src/host/index.ts",
  },
  format: ["esm"],
  dts: false,
  sourcemap: true,
  clean: true,
  target: "node20",
  platform: "node",
});

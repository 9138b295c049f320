import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests run against the sources; the build is checked separately (pnpm build, e2e test).
    alias: [
      { find: /^@marketplace\/core\/signing$/, replacement: src("./packages/core/src/signing.ts") },
      {
        find: /^@marketplace\/core\/consent-evidence$/,
        replacement: src("./packages/core/src/consent-evidence.ts"),
      },
      { find: /^@marketplace\/core\/testing$/, replacement: src("./packages/core/src/testing/index.ts") },
      {
        find: /^@marketplace\/core\/(teams|brands|markets|offers|catalog|orders|customers|consents|storefront|events|webhooks|rate-limits|members|analytics|audit-log|flows|fields)$/,
        replacement: `${src("./packages/core/src/")}$1/index.ts`,
      },
      { find: /^@marketplace\/core\/(event-payloads|kernel)$/, replacement: `${src("./packages/core/src/")}$1.ts` },
      { find: /^@marketplace\/core$/, replacement: src("./packages/core/src/index.ts") },
      { find: /^@marketplace\/adapters-postgres$/, replacement: src("./packages/adapters-postgres/src/index.ts") },
      { find: /^@marketplace\/http$/, replacement: src("./packages/http/src/index.ts") },
      { find: /^@marketplace\/worker$/, replacement: src("./packages/worker/src/index.ts") },
      { find: /^@marketplace\/dashboard$/, replacement: src("./packages/dashboard/src/index.ts") },
    ],
  },
  test: {
    globalSetup: ["./test/global-setup.ts"],
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/src/**/*.test.tsx",
      "examples/*/test/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    // Two test files at a time on CI's 2 cores (vitest's default there is one): most of the suite
    // waits on PostgreSQL, a browser or a child process, not on this process's CPU.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default", "./test/summary-reporter.ts"],
  },
});

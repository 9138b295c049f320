/**
 * Debian's Chromium for the browser tests (no browser download is possible here; Playwright drives
 * this binary), and the flags that make it start cleanly on these machines: headless, no sandbox as
 * root, and none of its background connections to Google's hosts, which the closed network refuses.
 */

import { existsSync } from "node:fs";

/** The browser binary: `MARKETPLACE_CHROMIUM`, else `apt-get install -y chromium`'s. */
export const CHROMIUM = process.env.MARKETPLACE_CHROMIUM ?? "/usr/bin/chromium";

/** Launch arguments for `chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS })`. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Whether the browser tests run: always in CI (`.ci/run` installs Chromium, so a missing binary is a
 * failure there, never a silent skip); elsewhere only where the binary exists.
 */
export const browserTestsRun = process.env.CI === "true" || existsSync(CHROMIUM);

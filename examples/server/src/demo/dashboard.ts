/**
 * `pnpm demo` (examples/server/src/demo.ts): its last step, the dashboard.
 *
 * @module
 */

import { spawn } from "node:child_process";
import { baseUrl, call, run, say } from "./api.js";

/**
 * The last step: the dashboard. With an admin token, an owner's invite to the new provider team (a
 * single-use link that sets a password and signs in); else the sign-in page. Printed always; opened
 * in the default browser only in an interactive terminal outside CI.
 */
export async function showDashboard(admin: { token: string; providerTeamId: string } | undefined): Promise<void> {
  let link = `${baseUrl}/dashboard/sign-in`;
  let what = "sign in with a demo owner's account (pnpm dev prints their invite links when it seeds)";
  if (admin) {
    const invite = await call<{ inviteUrl: string }>(
      "invite an owner of the provider team",
      "POST",
      `/admin/teams/${admin.providerTeamId}/invites`,
      { admin: admin.token, body: { email: `owner-${run}@demo.example`, role: "owner" }, expect: 201 },
    );
    link = invite.inviteUrl;
    what = `the provider team's dashboard: this single-use invite sets owner-${run}@demo.example's password and signs in`;
  }
  say(`\nThe dashboard: ${what}\n   ${link}`);
  const interactive = process.stdout.isTTY && !process.env.CI && process.env.MARKETPLACE_DEMO_NO_OPEN !== "1";
  if (interactive) openInBrowser(link);
}

/** Opens the link in the default browser; a missing opener is not an error (the link is printed). */
function openInBrowser(link: string): void {
  const [command, ...args] =
    process.platform === "darwin"
      ? ["open", link]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", "", link]
        : ["xdg-open", link];
  try {
    const child = spawn(command as string, args, { stdio: "ignore", detached: true });
    child.on("error", () => {});
    child.unref();
  } catch {}
}

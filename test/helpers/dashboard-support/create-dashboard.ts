import { afterAll, beforeAll, expect } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../dashboard.ts";

export const PASSWORD = "correct horse battery staple";

export let t: DashboardTestApp;

/** Accepts an invite in a fresh client; the client is signed in afterwards. */
export async function join(token: string, password = PASSWORD): Promise<FormClient> {
  const client = new FormClient((request) => t.fetch(request));
  const opened = await client.get(`/dashboard/invite/${token}`);
  expect(opened.status).toBe(303);
  expect(opened.headers.get("location")).toBe("/dashboard/invite");
  const accepted = await client.post("/dashboard/invite", { password, confirm: password });
  expect(accepted.status).toBe(303);
  return client;
}

/** Registers the hooks of a dashboard test file: a dashboard test app, closed after the file. */
export function setupDashboardApp(): void {
  beforeAll(async () => {
    t = await createDashboardTestApp();
  });
  afterAll(() => t?.close());
}

import { expect } from "vitest";
import { type DashboardTestApp, FormClient, ORIGIN } from "./dashboard.ts";

/** The dashboard's bulk CSV pages by `app.fetch`, as a browser posts them (multipart, with Origin). */

const PASSWORD = "correct horse battery staple";

/** A member of the team, signed in through an invite. */
export async function joinTeam(
  t: DashboardTestApp,
  teamId: string,
  email: string,
  role: "owner" | "viewer" = "owner",
): Promise<FormClient> {
  const client = new FormClient((request) => t.fetch(request));
  const token = await t.invite(teamId, email, role);
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

/** Posts a file (or a carried text field) as multipart/form-data, as a browser form does. */
export function postFile(
  t: DashboardTestApp,
  client: FormClient,
  path: string,
  content: string | Uint8Array,
  options: { asText?: boolean; origin?: string | null } = {},
): Promise<Response> {
  const form = new FormData();
  if (options.asText && typeof content === "string") form.set("file", content);
  else form.set("file", new Blob([content as BlobPart], { type: "text/csv" }), "offers.csv");
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const headers: Record<string, string> = { cookie };
  if (options.origin !== null) headers.origin = options.origin ?? ORIGIN;
  return t.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: form }));
}

/** The text of the hidden textarea `file` in a form posting to `action` (its query string aside). */
export function carried(html: string, action: string): string {
  const form = html.slice(html.search(new RegExp(`action="${action}["?]`)));
  const match = /<textarea name="file" hidden="">([\s\S]*?)<\/textarea>/.exec(form);
  if (!match) throw new Error(`no carried file for ${action}`);
  return (match[1] as string)
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

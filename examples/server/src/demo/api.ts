/**
 * `pnpm demo` (examples/server/src/demo.ts): the server it runs against, its output, its API calls and
 * its two teams.
 *
 * @module
 */

import { readFileSync } from "node:fs";

export const baseUrl = (process.env.MARKETPLACE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(
  /\/$/,
  "",
);
const dataDir = process.env.MARKETPLACE_DEMO_STATE_DIR ?? ".data";
export const run = Date.now().toString(36).slice(-6);
export const started = Date.now();

export const say = (text: string) => console.log(text);
export const step = (n: number, text: string) => say(`\n${n}. ${text}`);
export const detail = (text: string) => say(`   ${text}`);

const readOptional = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

export class DemoError extends Error {}

/** One API call; anything but the expected status stops the demo with the answer. */
export async function call<T>(
  what: string,
  method: string,
  path: string,
  options: { key?: string; admin?: string; body?: unknown; expect?: number | number[] } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (options.key) headers["x-api-key"] = options.key;
  if (options.admin) headers.authorization = `Bearer ${options.admin}`;
  if (options.body !== undefined) headers["content-type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
  } catch (error) {
    throw new DemoError(
      `${what}: cannot reach ${baseUrl} (${(error as Error).cause ?? (error as Error).message}). Start the server first: pnpm dev`,
    );
  }
  const text = await res.text();
  if (![options.expect ?? 200].flat().includes(res.status)) {
    throw new DemoError(`${what}: ${method} ${path} answered ${res.status} ${text}`);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** The two teams of the demo: new ones (admin token) or the seeded demo teams. */
export async function teams(): Promise<{
  provider: string;
  reseller: string;
  how: string;
  /** With an admin token: the token and the new provider team's id (for the dashboard link). */
  admin?: { token: string; providerTeamId: string };
}> {
  const admin = process.env.MARKETPLACE_ADMIN_TOKEN || readOptional(`${dataDir}/dev-admin-token`).trim();
  // The admin API answers 404 when the server runs without a token (pnpm start), 401 with another.
  const adminWorks =
    admin !== "" &&
    (await fetch(`${baseUrl}/admin/teams?limit=1`, { headers: { authorization: `Bearer ${admin}` } }).then(
      (res) => res.status === 200,
      () => false,
    ));
  if (adminWorks) {
    type Created = { id: string; apiKey: { key: string } };
    const p = await call<Created>("create a provider team", "POST", "/admin/teams", {
      admin,
      body: { name: `Demo Provider ${run}`, role: "provider" },
      expect: 201,
    });
    const r = await call<Created>("create a reseller team", "POST", "/admin/teams", {
      admin,
      body: { name: `Demo Reseller ${run}`, role: "reseller" },
      expect: 201,
    });
    return {
      provider: p.apiKey.key,
      reseller: r.apiKey.key,
      how: "two new teams, created with the admin API",
      admin: { token: admin, providerTeamId: p.id },
    };
  }
  const file = readOptional(`${dataDir}/demo-keys.env`);
  const fromFile = (name: string) => new RegExp(`${name}=(mk_\\S+)`).exec(file)?.[1];
  const provider = process.env.PROVIDER_KEY || fromFile("PROVIDER_KEY");
  const reseller = process.env.RESELLER_KEY || fromFile("RESELLER_KEY");
  if (!provider || !reseller) {
    throw new DemoError(
      "no teams to use: set MARKETPLACE_ADMIN_TOKEN (pnpm dev prints it), or PROVIDER_KEY and RESELLER_KEY (source .data/demo-keys.env)",
    );
  }
  return { provider, reseller, how: "the seeded demo teams (PROVIDER_KEY, RESELLER_KEY)" };
}

/** An order as the API answers it, as far as the demo reads it. */
export type Order = { id: string; status: string; totalMonthly: string; items: { id: string; status: string }[] };

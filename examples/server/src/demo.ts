/**
 * `pnpm demo`: the whole product against a running server (best: `pnpm dev`), one step at a time.
 *
 * A provider creates and publishes an offer; a reseller finds it by ZIP and by text and orders it;
 * the provider moves the item through its statuses; the signed webhooks of both teams arrive at a
 * receiver started here and are verified with `@marketplace/core/signing`; a consumer orders from
 * the reseller's storefront with consent, then revokes the consent; the provider exports the consent
 * evidence, verified offline with `@marketplace/core/consent-evidence`.
 *
 * Teams: two new ones through the admin API when an admin token is at hand (`MARKETPLACE_ADMIN_TOKEN`,
 * or the one `pnpm dev` keeps in `.data/dev-admin-token`), else the demo teams' keys
 * (`PROVIDER_KEY` and `RESELLER_KEY`, or `.data/demo-keys.env`). `MARKETPLACE_URL` defaults to
 * http://localhost:3000.
 *
 * It ends with the dashboard: an owner's invite link for the new provider team (with an admin
 * token), else the sign-in page, printed always and opened in the browser when run in a terminal
 * (not in CI, nor with `MARKETPLACE_DEMO_NO_OPEN=1`).
 *
 * @module
 */

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { verifySignature } from "@marketplace/core/signing";

const baseUrl = (process.env.MARKETPLACE_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
const dataDir = process.env.MARKETPLACE_DEMO_STATE_DIR ?? ".data";
const run = Date.now().toString(36).slice(-6);
const started = Date.now();

const say = (text: string) => console.log(text);
const step = (n: number, text: string) => say(`\n${n}. ${text}`);
const detail = (text: string) => say(`   ${text}`);

const readOptional = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
};

class DemoError extends Error {}

/** One API call; anything but the expected status stops the demo with the answer. */
async function call<T>(
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
async function teams(): Promise<{
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

/** A receiver on 127.0.0.1 that verifies each delivery with the secret of the webhook it was sent to. */
async function startReceiver() {
  const secrets = new Map<string, string>();
  const seen: { team: string; type: string; id: string }[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const team = (req.url ?? "/").slice(1);
      const body = Buffer.concat(chunks);
      const header = req.headers["x-service-signature"] as string | undefined;
      const result = await verifySignature({ payload: body, header, secret: secrets.get(team) ?? "" });
      if (!result.ok) {
        res.writeHead(400).end(result.reason);
        detail(`   ⇠ ${team} webhook NOT verified: ${result.reason}`);
        return;
      }
      res.writeHead(200).end();
      const event = JSON.parse(body.toString("utf8")) as { id: string; type: string; data: Record<string, unknown> };
      if (seen.some((e) => e.id === event.id && e.team === team)) return; // a retry: same id
      seen.push({ team, type: event.type, id: event.id });
      const status = event.data.status ? ` → ${event.data.status}` : "";
      detail(`   ⇠ webhook to the ${team}: ${event.type}${status}, signature verified ✔ (t=${result.timestamp})`);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    secrets,
    seen,
    /** Waits until `count` events have arrived for `team`, or `timeoutMs`. */
    async waitFor(team: string, count: number, timeoutMs = 10_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      while (seen.filter((e) => e.team === team).length < count) {
        const left = deadline - Date.now();
        if (left <= 0) return false;
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, Math.min(left, 250));
        });
      }
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main(): Promise<void> {
  say(`Marketplace demo against ${baseUrl}`);
  await call("check the server", "GET", "/health");
  const keys = await teams();
  detail(`teams: ${keys.how}`);
  const receiver = await startReceiver();
  try {
    // 1. Webhooks of both teams to the receiver started here.
    step(1, `Both teams register a webhook to a receiver at ${receiver.url} (verifies every signature)`);
    let webhooks = true;
    for (const [team, key] of [
      ["provider", keys.provider],
      ["reseller", keys.reseller],
    ] as const) {
      try {
        const hook = await call<{ id: string; secret: string }>(
          `register the ${team}'s webhook`,
          "POST",
          `/${team}/webhooks`,
          {
            key,
            body: { url: `${receiver.url}/${team}`, events: ["order.created", "order.item.status_changed"] },
            expect: 201,
          },
        );
        receiver.secrets.set(team, hook.secret);
        detail(`${team}: webhook ${hook.id}, secret ${hook.secret.slice(0, 10)}… (shown once)`);
      } catch (error) {
        if (!(error instanceof DemoError) || !/https|loopback|private/i.test(error.message)) throw error;
        webhooks = false;
        detail("this server refuses loopback webhook URLs: run the demo against `pnpm dev` to see the webhooks");
        break;
      }
    }

    // 2. The provider: a market (ZIP codes), an offer in it, published.
    step(2, "The provider creates an offer for a market and publishes it");
    const zip = "73301";
    const market = await call<{ id: string }>("create a market", "POST", "/provider/markets", {
      key: keys.provider,
      body: { name: `Demo market ${run}` },
      expect: 201,
    });
    await call("add a ZIP code", "POST", `/provider/markets/${market.id}/areas`, {
      key: keys.provider,
      body: { value: zip },
      expect: 201,
    });
    const name = `Demo Fiber 800 ${run}`;
    const draft = await call<{ id: string; status: string }>("create the offer", "POST", "/provider/offers", {
      key: keys.provider,
      body: {
        name,
        sku: `DEMO-800-${run}`.toUpperCase(),
        serviceType: "internet",
        marketingHeadline: "Symmetric 800 Mbps fiber",
        description: "Unlimited data, free installation.",
        monthlyPrice: "59.99",
        commission: "45.00",
        marketIds: [market.id],
        internet: { downloadSpeedMbps: 800, uploadSpeedMbps: 800, connectionType: "fiber", dataCapGb: null },
      },
      expect: 201,
    });
    const offer = await call<{ id: string; status: string }>(
      "publish the offer",
      "POST",
      `/provider/offers/${draft.id}/publish`,
      {
        key: keys.provider,
      },
    );
    detail(`offer "${name}" (${offer.id}): ${draft.status} → ${offer.status}, available in ZIP ${zip}`);

    // 3. The reseller finds it, by ZIP and by text.
    step(3, "The reseller finds it in the catalog, by ZIP code and by text");
    type Entry = { id: string; name: string; providerName: string; monthlyPrice: string };
    const byZip = await call<Entry[]>("search by ZIP", "GET", `/reseller/catalog?zipCode=${zip}`, {
      key: keys.reseller,
    });
    const byText = await call<Entry[]>(
      "search by text",
      "GET",
      `/reseller/catalog?search=${encodeURIComponent(`fiber 800 ${run}`)}`,
      {
        key: keys.reseller,
      },
    );
    const found = byZip.find((e) => e.id === offer.id);
    if (!found || !byText.some((e) => e.id === offer.id)) throw new DemoError("the offer is not in the catalog");
    detail(`?zipCode=${zip}: ${byZip.length} offers, ours among them; ?search=fiber 800 ${run}: ${byText.length}`);
    detail(`"${found.name}" by ${found.providerName}, ${found.monthlyPrice}/month`);

    // 4. The order.
    step(4, "The reseller places an order for a customer");
    type Order = { id: string; status: string; totalMonthly: string; items: { id: string; status: string }[] };
    const order = await call<Order>("place the order", "POST", "/reseller/orders", {
      key: keys.reseller,
      body: {
        items: [{ offerId: offer.id }],
        customer: { name: "Ada Lovelace", email: `ada+${run}@example.com`, phone: "+15125550123", kind: "residential" },
        serviceAddress: { line1: "1 Congress Ave", city: "Austin", state: "TX", zipCode: zip },
      },
      expect: 201,
    });
    const item = order.items[0] as { id: string; status: string };
    detail(`order ${order.id}: ${order.status}, ${order.totalMonthly}/month; item ${item.id} ${item.status}`);
    if (webhooks) await receiver.waitFor("reseller", 1);

    // 5. The provider moves the item through its statuses.
    step(5, "The provider moves the item through its statuses");
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    for (const [status, extra] of [
      ["accepted", {}],
      ["scheduled", { scheduledDate: date }],
      ["completed", {}],
    ] as const) {
      const moved = await call<{ status: string }>(
        `move the item to ${status}`,
        "PATCH",
        `/provider/orders/${item.id}/status`,
        {
          key: keys.provider,
          body: { status, ...extra },
        },
      );
      const now = await call<Order>("read the order", "GET", `/reseller/orders/${order.id}`, { key: keys.reseller });
      detail(`item → ${moved.status}${status === "scheduled" ? ` for ${date}` : ""}; the order is ${now.status}`);
    }

    // 6. The webhooks.
    step(6, "The signed webhooks arrive and are verified");
    if (webhooks) {
      const all = (await receiver.waitFor("reseller", 4)) && (await receiver.waitFor("provider", 4));
      const count = (team: string) => receiver.seen.filter((e) => e.team === team).length;
      detail(
        `${count("provider")} to the provider, ${count("reseller")} to the reseller, every signature verified${all ? "" : " (some still on their way)"}`,
      );
    } else {
      detail("skipped: the server refuses loopback webhook URLs (run `pnpm dev`)");
    }

    // 7. A storefront order with consent, then the consent revoked.
    step(7, "A consumer orders from the reseller's storefront with consent, then revokes it");
    const slug = `demo-${run}`;
    await call("publish the storefront", "PUT", "/reseller/storefront", {
      key: keys.reseller,
      body: { slug },
      expect: [201, 200], // 200: the team had one, now under this slug
    });
    const phone = `+1512555${String(Date.now() % 10_000).padStart(4, "0")}`;
    const shop = await call<Order>("place the storefront order", "POST", "/public/shop/orders", {
      body: {
        storefrontSlug: slug,
        items: [{ offerId: offer.id }],
        customer: { name: "Grace Hopper", email: `grace+${run}@example.com`, phone, kind: "residential" },
        serviceAddress: { line1: "2 Congress Ave", city: "Austin", state: "TX", zipCode: zip },
        consents: [
          { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
          { kind: "marketing_calls_texts", granted: true, disclosureVersion: "marketing_calls_texts.v1" },
        ],
      },
      expect: 201,
    });
    detail(
      `storefront "${slug}": order ${shop.id}, ${shop.status}; consents order_contact and marketing_calls_texts granted`,
    );
    type ProviderItem = {
      order: { customer: { id: string }; consents: { kind: string; granted: boolean; revokedAt?: string | null }[] };
    };
    const shopItem = shop.items[0] as { id: string };
    const describe = (view: ProviderItem) =>
      view.order.consents
        .map((c) => `${c.kind} ${c.granted ? "granted" : "refused"}${c.revokedAt ? ", revoked" : ""}`)
        .join("; ");
    const before = await call<ProviderItem>("read the item", "GET", `/provider/orders/${shopItem.id}`, {
      key: keys.provider,
    });
    detail(`the provider sees: ${describe(before)}`);
    await call("revoke the consent", "POST", "/public/consent/revoke", { body: { phone } });
    const after = await call<ProviderItem>("read the item", "GET", `/provider/orders/${shopItem.id}`, {
      key: keys.provider,
    });
    detail(`the consumer revokes (POST /public/consent/revoke {"phone"}); the provider now sees: ${describe(after)}`);

    // 8. The consent evidence: exported by the provider, verified by anyone, offline.
    step(8, "The provider exports the consent evidence; it verifies offline against the published keys");
    type Bundle = {
      records: { granted: boolean; revocations: unknown[] }[];
      checkpoint: { seq: number; keyId: string } | null;
    };
    const bundle = await call<Bundle>(
      "export the evidence",
      "GET",
      `/provider/customers/${after.order.customer.id}/consents/evidence`,
      { key: keys.provider },
    );
    const jwks = await call<unknown>("read the published keys", "GET", "/.well-known/consent-keys.json", {});
    const revoked = bundle.records.filter((record) => record.revocations.length > 0).length;
    detail(
      `bundle: ${bundle.records.length} records (${revoked} revoked), chain position ${bundle.checkpoint?.seq} signed by key ${bundle.checkpoint?.keyId}`,
    );
    const genuine = await verifyConsentEvidence(bundle, jwks);
    detail(`verifyConsentEvidence: ${genuine.valid ? "valid" : `NOT valid: ${genuine.problems.join("; ")}`}`);
    const edited = structuredClone(bundle);
    if (edited.records[0]) edited.records[0].granted = !edited.records[0].granted;
    const forged = await verifyConsentEvidence(edited, jwks);
    detail(`a copy with one granted flag flipped: ${forged.valid ? "valid (!)" : `refused (${forged.problems[0]})`}`);

    say(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. The API reference: ${baseUrl}/docs`);
    await showDashboard(keys.admin);
  } finally {
    await receiver.close();
  }
}

/**
 * The last step: the dashboard. With an admin token, an owner's invite to the new provider team (a
 * single-use link that sets a password and signs in); else the sign-in page. Printed always; opened
 * in the default browser only in an interactive terminal outside CI.
 */
async function showDashboard(admin: { token: string; providerTeamId: string } | undefined): Promise<void> {
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

main().catch((error: unknown) => {
  console.error(`\ndemo stopped: ${error instanceof DemoError ? error.message : (error as Error).stack}`);
  process.exit(1);
});

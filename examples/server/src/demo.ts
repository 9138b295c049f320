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

import { baseUrl, call, DemoError, detail, type Order, run, say, started, step, teams } from "./demo/api.js";
import { consentSteps } from "./demo/consent.js";
import { showDashboard } from "./demo/dashboard.js";
import { startReceiver } from "./demo/receiver.js";

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

    await consentSteps(keys, offer, zip);

    say(`\nDone in ${((Date.now() - started) / 1000).toFixed(1)} s. The API reference: ${baseUrl}/docs`);
    await showDashboard(keys.admin);
  } finally {
    await receiver.close();
  }
}

main().catch((error: unknown) => {
  console.error(`\ndemo stopped: ${error instanceof DemoError ? error.message : (error as Error).stack}`);
  process.exit(1);
});

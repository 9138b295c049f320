import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardTestApp, type DashboardTestApp, FormClient } from "../../../../../test/helpers/dashboard.ts";

// The workspaces by app.request over real PostgreSQL: the reseller's orders (list, page, cancel,
// delete with its rule, its audit entry and no event), the provider's fulfilment (only the moves the
// state machine allows; refusals change nothing), customers and consent, storefront and links,
// roles and team kinds, and another team's ids.

const PASSWORD = "correct horse battery staple";
const CUSTOMER = { name: "Ada Lovelace", email: "ada@example.com", phone: "+15125550123", kind: "residential" };
const ADDRESS = { line1: "1 Main St", city: "Austin", state: "TX", zipCode: "78701" };

let t: DashboardTestApp;
let provider: { teamId: string; apiKey: string };
let reseller: { teamId: string; apiKey: string };
let offerId: string;
let resellerOwner: FormClient;
let providerOwner: FormClient;

function api(method: string, path: string, key: string | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (key) headers["x-api-key"] = key;
  if (body !== undefined) headers["content-type"] = "application/json";
  return t.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }),
  );
}

async function join(teamId: string, email: string, role: "owner" | "operations" | "viewer" = "owner") {
  const client = new FormClient((request) => t.fetch(request));
  const token = await t.invite(teamId, email, role);
  expect((await client.get(`/dashboard/invite/${token}`)).status).toBe(303);
  expect((await client.post("/dashboard/invite", { password: PASSWORD, confirm: PASSWORD })).status).toBe(303);
  return client;
}

async function place(isTraining: boolean) {
  const res = await api("POST", "/reseller/orders", reseller.apiKey, {
    items: [{ offerId }],
    customer: { ...CUSTOMER, email: `${randomUUID()}@example.com` },
    serviceAddress: ADDRESS,
    isTraining,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; items: { id: string }[] };
}

async function eventCount(): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select (select count(*) from events) + (select count(*) from event_outbox) as n
  `.execute(t.database.db);
  return Number(rows[0]?.n);
}

beforeAll(async () => {
  t = await createDashboardTestApp();
  provider = await t.createTeam("provider", "Fiber Co");
  reseller = await t.createTeam("reseller", "Deals Inc");
  const created = await api("POST", "/provider/offers", provider.apiKey, {
    name: "Fiber 500",
    sku: `SKU-${randomUUID()}`,
    serviceType: "internet",
    monthlyPrice: "49.99",
    internet: { downloadSpeedMbps: 500, connectionType: "fiber" },
  });
  offerId = ((await created.json()) as { id: string }).id;
  expect((await api("POST", `/provider/offers/${offerId}/publish`, provider.apiKey)).status).toBe(200);
  [resellerOwner, providerOwner] = await Promise.all([
    join(reseller.teamId, "owner@deals.example"),
    join(provider.teamId, "owner@fiber.example"),
  ]);
}, 60_000);
afterAll(() => t?.close());

const orders = () => `/dashboard/teams/${reseller.teamId}/reseller/orders`;
const items = () => `/dashboard/teams/${provider.teamId}/provider/orders`;

describe("reseller orders", () => {
  it("lists orders with the training badge and filter, and shows an order with its items", async () => {
    const training = await place(true);
    const live = await place(false);
    const all = await (await resellerOwner.get(orders())).text();
    expect(all).toContain(training.id.slice(0, 8));
    expect(all).toContain(live.id.slice(0, 8));
    expect(all).toContain('class="badge training"');
    const onlyTraining = await (await resellerOwner.get(`${orders()}?training=training`)).text();
    expect(onlyTraining).toContain(training.id.slice(0, 8));
    expect(onlyTraining).not.toContain(live.id.slice(0, 8));
    const onlyLive = await (await resellerOwner.get(`${orders()}?training=live`)).text();
    expect(onlyLive).not.toContain(training.id.slice(0, 8));

    const page = await resellerOwner.get(`${orders()}/${live.id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Fiber 500");
    expect(html).toContain("Pending");
    expect(html).toContain("Cancel order");
    expect(html).toContain("Delete order…");
    // An edited cursor is a message, not an error.
    expect((await resellerOwner.get(`${orders()}?cursor=bogus`)).status).toBe(400);
  });

  it("deletes a training order: no event, an audit entry, then 404 in the dashboard and the API; twice: a message", async () => {
    const order = await place(true);
    const confirm = await resellerOwner.get(`${orders()}/${order.id}/delete`);
    expect(await confirm.text()).toContain("Delete this order");
    const before = await eventCount();
    const deleted = await resellerOwner.post(`${orders()}/${order.id}/delete`, {});
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe(`${orders()}?notice=deleted`);
    expect(await eventCount()).toBe(before);
    expect((await resellerOwner.get(`${orders()}/${order.id}`)).status).toBe(404);
    expect((await api("GET", `/reseller/orders/${order.id}`, reseller.apiKey)).status).toBe(404);

    const again = await resellerOwner.post(`${orders()}/${order.id}/delete`, {});
    expect(again.status).toBe(404);
    expect(await again.text()).toContain("It was deleted already");

    const audit = await (await resellerOwner.get(`/dashboard/teams/${reseller.teamId}/audit-log`)).text();
    expect(audit).toContain("Deleted an order");
    expect(audit).toContain(order.id);
  });

  it("refuses to delete a live order with open items (409, the rule, nothing changed); cancel, then delete", async () => {
    const order = await place(false);
    const confirm = await (await resellerOwner.get(`${orders()}/${order.id}/delete`)).text();
    expect(confirm).toContain("cannot be deleted yet");
    expect(confirm).not.toContain("Delete this order");
    const refused = await resellerOwner.post(`${orders()}/${order.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("cancel it first");
    expect((await api("GET", `/reseller/orders/${order.id}`, reseller.apiKey)).status).toBe(200);

    const cancelled = await resellerOwner.post(`${orders()}/${order.id}/cancel`, {});
    expect(cancelled.status).toBe(303);
    const again = await resellerOwner.post(`${orders()}/${order.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("has no item that can be cancelled");
    expect((await resellerOwner.post(`${orders()}/${order.id}/delete`, {})).status).toBe(303);
  });

  it("viewers read but cannot delete; providers and other teams get 404", async () => {
    const order = await place(true);
    const viewer = await join(reseller.teamId, `viewer-${randomUUID()}@deals.example`, "viewer");
    const html = await (await viewer.get(`${orders()}/${order.id}`)).text();
    expect(html).toContain("Your role can see the order but not change it");
    expect(html).not.toContain("Delete order");
    expect((await viewer.post(`${orders()}/${order.id}/delete`, {})).status).toBe(403);
    expect((await api("GET", `/reseller/orders/${order.id}`, reseller.apiKey)).status).toBe(200);

    // A provider team has no reseller pages; another team's ids are 404.
    expect((await providerOwner.get(`/dashboard/teams/${provider.teamId}/reseller/orders`)).status).toBe(404);
    expect((await providerOwner.get(orders())).status).toBe(404);
    const other = await t.createTeam("reseller");
    const otherOwner = await join(other.teamId, `other-${randomUUID()}@example.com`);
    const theirs = `/dashboard/teams/${other.teamId}/reseller/orders/${order.id}`;
    expect((await otherOwner.get(theirs)).status).toBe(404);
    expect((await otherOwner.post(`${theirs}/delete`, {})).status).toBe(404);
    expect((await api("GET", `/reseller/orders/${order.id}`, reseller.apiKey)).status).toBe(200);
  });
});

describe("provider fulfilment", () => {
  it("offers only the moves the status allows; refusals show the core's message and change nothing", async () => {
    const order = await place(false);
    const itemId = order.items[0]?.id as string;
    const pending = await (await providerOwner.get(`${items()}/${itemId}`)).text();
    expect(pending).toContain(">Accept</button>");
    expect(pending).toContain(">Reject</button>");
    expect(pending).not.toContain(">Complete</button>");
    expect(pending).not.toContain(">Schedule</button>");
    // The offer as ordered, in words: what was not stated is said so, never a "?".
    expect(pending).toContain("500 Mbps down, fiber");
    expect(pending).not.toMatch(/[\d$] ?\/? \?|\? (Mbps|months|per kWh)/);

    // Completing a pending item: the state machine refuses, 409, still pending.
    const refused = await providerOwner.post(`${items()}/${itemId}/status`, { status: "completed" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("cannot move from pending to completed");
    expect(
      (
        await t.marketplace.orders.getForProvider(
          { teamId: provider.teamId, role: "provider", apiKeyId: "test" },
          itemId,
        )
      ).item.status,
    ).toBe("pending");

    expect((await providerOwner.post(`${items()}/${itemId}/status`, { status: "accepted" })).status).toBe(303);
    const accepted = await (await providerOwner.get(`${items()}/${itemId}`)).text();
    expect(accepted).not.toContain(">Accept</button>");
    expect(accepted).toContain(">Schedule</button>");

    const noDate = await providerOwner.post(`${items()}/${itemId}/status`, { status: "scheduled", scheduledDate: "" });
    expect(noDate.status).toBe(422);
    expect(await noDate.text()).toContain('id="field-scheduledDate-error"');
    const badDate = await providerOwner.post(`${items()}/${itemId}/status`, {
      status: "scheduled",
      scheduledDate: "2026-02-30",
    });
    expect(badDate.status).toBe(422);
    expect(await badDate.text()).toContain('value="2026-02-30"');

    expect(
      (await providerOwner.post(`${items()}/${itemId}/status`, { status: "scheduled", scheduledDate: "2026-12-15" }))
        .status,
    ).toBe(303);
    expect((await providerOwner.post(`${items()}/${itemId}/status`, { status: "completed" })).status).toBe(303);
    const done = await (await providerOwner.get(`${items()}?status=completed`)).text();
    expect(done).toContain(itemId.slice(0, 8));
    const final = await (await providerOwner.get(`${items()}/${itemId}`)).text();
    expect(final).toContain("nothing more can be done with it");

    // A viewer reads the item without a single action, and a posted move is refused.
    const viewer = await join(provider.teamId, `viewer-${randomUUID()}@fiber.example`, "viewer");
    const read = await (await viewer.get(`${items()}/${itemId}`)).text();
    expect(read).toContain("Your role can see the item but not change it");
    expect(read.slice(read.indexOf("<main"))).not.toContain('method="post"');
    expect((await viewer.post(`${items()}/${itemId}/status`, { status: "accepted" })).status).toBe(403);

    // A reseller has no fulfilment pages.
    expect((await resellerOwner.get(`/dashboard/teams/${reseller.teamId}/provider/orders`)).status).toBe(404);
  });
});

describe("customers, consent, storefront and links", () => {
  it("records a provider report and sends verified evidence; lists the reseller's customers by kind", async () => {
    const order = await place(false);
    const found = await t.marketplace.orders.getForReseller(
      { teamId: reseller.teamId, role: "reseller", apiKeyId: "test" },
      order.id,
    );
    const customerId = found.customerId as string;
    const path = `/dashboard/teams/${provider.teamId}/provider/customers`;
    expect(await (await providerOwner.get(path)).text()).toContain(found.customer.name);
    const page = await (await providerOwner.get(`${path}/${customerId}`)).text();
    expect(page).toContain("None recorded");
    expect(page).toContain('class="badge verified">Verified');

    // A consumer's order through a link records decisions: the list shows the latest per kind.
    const link = await api("POST", "/reseller/links", reseller.apiKey, { offerIds: [offerId] });
    const { slug } = (await link.json()) as { slug: string };
    const publicOrder = await api("POST", `/public/links/${slug}/orders`, null, {
      items: [{ offerId }],
      customer: { ...CUSTOMER, name: "Lin Consumer", phone: "+15125550777", email: "lin@example.com" },
      serviceAddress: ADDRESS,
      consents: [
        { kind: "order_contact", granted: true, disclosureVersion: "order_contact.v1" },
        { kind: "marketing_calls_texts", granted: false, disclosureVersion: "marketing_calls_texts.v1" },
      ],
    });
    expect(publicOrder.status, await publicOrder.clone().text()).toBe(201);
    const row = (html: string) =>
      html.slice(html.indexOf("Lin Consumer"), html.indexOf("</tr>", html.indexOf("Lin Consumer")));
    const listed = row(await (await providerOwner.get(path)).text());
    expect(listed).toContain("Granted");
    expect(listed).toContain("Declined");
    const lin = /customers\/([0-9a-f-]{36})">Lin Consumer/.exec(
      await (await providerOwner.get(path)).text(),
    )?.[1] as string;
    expect((await providerOwner.post(`${path}/${lin}/consent/revoke`, {})).status).toBe(303);
    const revoked = row(await (await providerOwner.get(path)).text());
    expect(revoked.match(/>Revoked</g)).toHaveLength(2);
    expect(revoked).toContain("badge unsubscribed");

    const before = await eventCount();
    expect((await providerOwner.post(`${path}/${customerId}/consent/revoke`, {})).status).toBe(303);
    expect(await eventCount()).toBe(before); // no consent record to revoke, so no event
    expect(await (await providerOwner.get(`${path}/${customerId}`)).text()).toContain("badge unsubscribed");

    const download = await providerOwner.get(`${path}/${customerId}/consent/evidence`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(((await download.json()) as { customerId: string }).customerId).toBe(customerId);

    const customers = `/dashboard/teams/${reseller.teamId}/reseller/customers`;
    expect(await (await resellerOwner.get(`${customers}?kind=residential`)).text()).toContain(CUSTOMER.phone);
    expect(await (await resellerOwner.get(`${customers}?kind=business`)).text()).not.toContain(CUSTOMER.phone);
  });

  it("sets the storefront, creates a link (errors on the field, typed text kept), copies and deletes it", async () => {
    const path = `/dashboard/teams/${reseller.teamId}/reseller/storefront`;
    const bad = await resellerOwner.post(path, { slug: "No Spaces" });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('id="field-slug-error"');
    expect(badHtml).toContain('value="No Spaces"');
    expect((await resellerOwner.post(path, { slug: `deals-${randomUUID().slice(0, 8)}` })).status).toBe(303);

    const wrong = await resellerOwner.post(`${path}/links`, { name: "Spring", offerIds: "not-an-id" });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain('id="field-offerIds-error"');
    expect(wrongHtml).toContain("not-an-id</textarea>");
    expect((await resellerOwner.post(`${path}/links`, { name: "Spring", offerIds: offerId })).status).toBe(303);
    const listed = await (await resellerOwner.get(path)).text();
    const slug = /\/public\/links\/([a-z0-9]+)</.exec(listed)?.[1] as string;
    expect(slug).toBeTruthy();
    expect((await api("GET", `/public/links/${slug}`, null)).status).toBe(200);
    const linkId = /storefront\/links\/([0-9a-f-]{36})\/delete/.exec(listed)?.[1] as string;
    expect((await resellerOwner.post(`${path}/links/${linkId}/delete`, {})).status).toBe(303);
    expect((await api("GET", `/public/links/${slug}`, null)).status).toBe(404);
    expect((await resellerOwner.post(`${path}/links/${linkId}/delete`, {})).status).toBe(404);
  });
});

describe("another provider's ids", () => {
  it("are 404 pages on every provider page and action, and change nothing", async () => {
    const order = await place(false);
    const itemId = order.items[0]?.id as string;
    const found = await t.marketplace.orders.getForReseller(
      { teamId: reseller.teamId, role: "reseller", apiKeyId: "test" },
      order.id,
    );
    const other = await t.createTeam("provider");
    const owner = await join(other.teamId, `rival-${randomUUID()}@example.com`);
    const mine = `/dashboard/teams/${other.teamId}/provider`;
    expect((await owner.get(`${mine}/orders/${itemId}`)).status).toBe(404);
    expect((await owner.post(`${mine}/orders/${itemId}/status`, { status: "accepted" })).status).toBe(404);
    expect((await owner.get(`${mine}/customers/${found.customerId}`)).status).toBe(404);
    expect((await owner.get(`${mine}/customers/${found.customerId}/consent/evidence`)).status).toBe(404);
    expect((await owner.post(`${mine}/customers/${found.customerId}/consent/revoke`, {})).status).toBe(404);
    // The real owner's team in the URL: 404 too (another team's id).
    expect((await owner.get(`${items()}/${itemId}`)).status).toBe(404);
    const item = await t.marketplace.orders.getForProvider(
      { teamId: provider.teamId, role: "provider", apiKeyId: "test" },
      itemId,
    );
    expect(item.item.status).toBe("pending");
  });
});

describe("hybrid teams", () => {
  it("see both workspaces in the navigation under one sign-in", async () => {
    const hybrid = await t.createTeam("hybrid");
    const owner = await join(hybrid.teamId, `hybrid-${randomUUID()}@example.com`);
    const home = await (await owner.get(`/dashboard/teams/${hybrid.teamId}`)).text();
    for (const label of ["Orders", "Storefront and links", "Fulfilment", "Customers and consent"]) {
      expect(home).toContain(`>${label}</a>`);
    }
    expect((await owner.get(`/dashboard/teams/${hybrid.teamId}/reseller/orders`)).status).toBe(200);
    expect((await owner.get(`/dashboard/teams/${hybrid.teamId}/provider/orders`)).status).toBe(200);
    const providerHome = await (await providerOwner.get(`/dashboard/teams/${provider.teamId}`)).text();
    expect(providerHome).toContain(">Fulfilment</a>");
    expect(providerHome).not.toContain(">Storefront and links</a>");
  });
});

import { parseRevokeConsent } from "@marketplace/core/consents";
import { RESELLER_EVENT_TYPES } from "@marketplace/core/events";
import { parseNewArea, parseNewMarket } from "@marketplace/core/markets";
import { parseItemStatusUpdate } from "@marketplace/core/orders";
import { parseNewLink, parseStorefrontInput } from "@marketplace/core/storefront";
import { parseNewApiKey, parseNewTeam } from "@marketplace/core/teams";
import { parseNewWebhook, parseRotateSecret, parseWebhookPatch } from "@marketplace/core/webhooks";
import fc from "fast-check";
import { describe, it } from "vitest";
import { ADMIN_TOKEN } from "../../../test/helpers/app.ts";
import {
  activeOfferId,
  asSent,
  bodies,
  compare,
  expectBothOutcomes,
  type Fields,
  int,
  itemId,
  marketId,
  nullable,
  oneOf,
  provider,
  RUNS,
  reseller,
  setupDifferentialApp,
  t,
  text,
  values,
} from "../../../test/helpers/http/differential.ts";

setupDifferentialApp();

describe("differential: HTTP 400 messages equal the core parser's problems", () => {
  it("PATCH /provider/orders/{itemId}/status and parseItemStatusUpdate", async () => {
    const fields: Fields = {
      status: oneOf(["accepted", "rejected", "scheduled", "completed"], ["pending", "cancelled", ""]),
      scheduledDate: values(fc.constantFrom("2026-12-01"), fc.constantFrom("2026-02-30", "tomorrow")),
      reason: text(1, 500),
    };
    await fc.assert(
      fc.asyncProperty(bodies(fields, ["status"]), async (body) => {
        const sent = asSent(body);
        await compare(
          () =>
            t.request("PATCH", `/provider/orders/${itemId}/status`, {
              key: provider.apiKey,
              body: JSON.stringify(sent),
            }),
          parseItemStatusUpdate(sent),
          [200, 409], // 409: a move the item's current status does not allow
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("POST /admin/teams, POST /admin/teams/{id}/api-keys and the team parsers", async () => {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const { teamId } = await t.createTeam("provider");
    const teamFields: Fields = { name: text(1, 200), role: oneOf(["provider", "reseller", "hybrid"], ["owner", ""]) };
    const keyFields: Fields = { name: nullable(text(1, 100)) };
    await fc.assert(
      fc.asyncProperty(fc.boolean(), bodies(teamFields, ["name", "role"]), bodies(keyFields), async (team, t1, k1) => {
        const sent = asSent(team ? t1 : k1);
        const path = team ? "/admin/teams" : `/admin/teams/${teamId}/api-keys`;
        await compare(
          () => t.request("POST", path, { headers: admin, body: JSON.stringify(sent) }),
          team ? parseNewTeam(sent) : parseNewApiKey(sent),
          [201],
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("POST /provider/markets, POST /provider/markets/{id}/areas and the market parsers", async () => {
    const marketFields: Fields = { name: text(1, 200) };
    const areaFields: Fields = {
      kind: oneOf(["zip"], ["county", ""]),
      value: values(fc.constantFrom("78701", "94110"), fc.constantFrom("7870", "ABCDE", " 78701")),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        bodies(marketFields, ["name"]),
        bodies(areaFields, ["value"]),
        async (m, mb, ab) => {
          const sent = asSent(m ? mb : ab);
          const path = m ? "/provider/markets" : `/provider/markets/${marketId}/areas`;
          await compare(
            () => t.request("POST", path, { key: provider.apiKey, body: JSON.stringify(sent) }),
            m ? parseNewMarket(sent) : parseNewArea(sent),
            [201, 409], // 409: a name or an area the team already has
            sent,
          );
        },
      ),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("PUT /reseller/storefront, POST /reseller/links and the storefront parsers", async () => {
    const storefrontFields: Fields = {
      slug: values(
        fc.constantFrom("austin-fiber", "abc", `a${"b".repeat(61)}c`),
        fc.constantFrom("Austin", "ab", "-abc", "abc-", `a${"b".repeat(62)}c`, "a b"),
      ),
    };
    const linkFields: Fields = {
      offerIds: values(
        fc.constant([activeOfferId]),
        fc.constantFrom([], [activeOfferId, activeOfferId], ["nope"], Array(21).fill(activeOfferId)),
      ),
      name: nullable(text(1, 200)),
    };
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        bodies(storefrontFields, ["slug"]),
        bodies(linkFields, ["offerIds"]),
        async (s, sb, lb) => {
          const sent = asSent(s ? sb : lb);
          await compare(
            () =>
              s
                ? t.request("PUT", "/reseller/storefront", { key: reseller.apiKey, body: JSON.stringify(sent) })
                : t.request("POST", "/reseller/links", { key: reseller.apiKey, body: JSON.stringify(sent) }),
            s ? parseStorefrontInput(sent) : parseNewLink(sent),
            [200, 201],
            sent,
          );
        },
      ),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  it("POST /public/consent/revoke and parseRevokeConsent", async () => {
    const fields: Fields = {
      phone: values(
        fc.constantFrom("+15125550123", "+442071838750"),
        fc.constantFrom("5125550123", "+1", "x".repeat(33)),
      ),
      email: values(
        fc.constantFrom("ada@example.com", " Ada@Example.com "),
        fc.constantFrom("nope", "a@b", `${"e".repeat(250)}@x.io`),
      ),
    };
    await fc.assert(
      fc.asyncProperty(bodies(fields), async (body) => {
        const sent = asSent(body);
        await compare(
          () => t.request("POST", "/public/consent/revoke", { body: JSON.stringify(sent) }),
          parseRevokeConsent(sent),
          [200],
          sent,
        );
      }),
      { numRuns: RUNS },
    );
    expectBothOutcomes();
  });

  describe("webhooks", () => {
    const url = values(
      fc.constantFrom(
        "https://hooks.example.com/x",
        "  https://hooks.example.com/padded  ",
        `https://x.test/${"p".repeat(2033)}`,
      ),
      fc.constantFrom(
        "http://hooks.example.com/x",
        "http://127.0.0.1:8080/x",
        "https://a.test/x y",
        "not a url",
        "",
        "https://a.example/\u0000",
        `https://x.test/${"p".repeat(2034)}`,
      ),
    );
    const events = values(
      fc.uniqueArray(fc.constantFrom(...RESELLER_EVENT_TYPES), { minLength: 1, maxLength: 4 }),
      fc.oneof(
        fc.constant([]),
        fc.constant(Array(51).fill("order.created")),
        fc.array(fc.constantFrom("order.created", "order.consent_revoked", "webhook.test", "nope", 7), {
          minLength: 1,
          maxLength: 3,
        }),
      ),
    );
    const fields: Fields = { url, events, isActive: values(fc.boolean(), fc.constantFrom("yes", 0, null)) };

    it("POST /{side}/webhooks and parseNewWebhook, with the team's role", async () => {
      await fc.assert(
        fc.asyncProperty(bodies(fields, ["url", "events"]), fc.boolean(), async (body, asReseller) => {
          const sent = asSent(body);
          const side = asReseller ? "reseller" : "provider";
          const team = asReseller ? reseller : provider;
          await compare(
            () => t.request("POST", `/${side}/webhooks`, { key: team.apiKey, body: JSON.stringify(sent) }),
            parseNewWebhook(sent, { role: side }),
            [201],
            sent,
          );
        }),
        { numRuns: RUNS },
      );
      expectBothOutcomes();
    });

    it("PATCH /{side}/webhooks/{id} and parseWebhookPatch, with the team's role", async () => {
      const created = async (key: string, side: string) => {
        const res = await t.request("POST", `/${side}/webhooks`, {
          key,
          body: { url: "https://hooks.example.com/patched", events: ["order.created"] },
        });
        return (await res.json()).id as string;
      };
      const ids = {
        provider: await created(provider.apiKey, "provider"),
        reseller: await created(reseller.apiKey, "reseller"),
      };
      await fc.assert(
        fc.asyncProperty(bodies(fields), fc.boolean(), async (body, asReseller) => {
          const sent = asSent(body);
          const side = asReseller ? "reseller" : "provider";
          const team = asReseller ? reseller : provider;
          await compare(
            () =>
              t.request("PATCH", `/${side}/webhooks/${ids[side]}`, { key: team.apiKey, body: JSON.stringify(sent) }),
            parseWebhookPatch(sent, { role: side }),
            [200],
            sent,
          );
        }),
        { numRuns: RUNS },
      );
      expectBothOutcomes();
    });

    it("POST /provider/webhooks/{id}/rotate-secret and parseRotateSecret", async () => {
      const res = await t.request("POST", "/provider/webhooks", {
        key: provider.apiKey,
        body: { url: "https://hooks.example.com/rotated", events: ["order.created"] },
      });
      const id = (await res.json()).id as string;
      await fc.assert(
        fc.asyncProperty(bodies({ overlapSeconds: int(0, 604_800) }), async (body) => {
          const sent = asSent(body);
          await compare(
            () =>
              t.request("POST", `/provider/webhooks/${id}/rotate-secret`, {
                key: provider.apiKey,
                body: JSON.stringify(sent),
              }),
            parseRotateSecret(sent),
            [200],
            sent,
          );
        }),
        { numRuns: RUNS },
      );
      expectBothOutcomes();
    });
  });
});

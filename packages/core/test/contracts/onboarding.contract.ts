/**
 * Contract of `OnboardingRepository`: a team's first steps, each true once its first row exists.
 *
 * @module
 */

import { describe, expect, it } from "vitest";
import { anOffer, newTeam } from "./fixtures-offers.ts";
import { anOrder, aProviderWithOffers, storeOrders } from "./fixtures-orders.ts";
import { aStorefront } from "./fixtures-storefront.ts";
import { aWebhook } from "./fixtures-webhooks.ts";
import { openedStore } from "./opened-store.ts";
import type { ContractSubject } from "./subject.ts";

const NONE = { webhook: false, publishedOffer: false, storefront: false, order: false };

export function onboardingContract(subject: ContractSubject): void {
  describe(`OnboardingRepository (${subject.name})`, () => {
    const uow = openedStore(subject);

    it("has done nothing at first, also for a team that does not exist", async () => {
      const team = await newTeam(uow, "hybrid");
      expect(await uow.repositories.onboarding.progress(team.id)).toEqual(NONE);
      expect(await uow.repositories.onboarding.progress(anOffer(team.id).id)).toEqual(NONE);
    });

    it("counts a webhook, paused or not, and only the team's own", async () => {
      const team = await newTeam(uow, "provider");
      const other = await newTeam(uow, "provider");
      await uow.transaction((scope) => scope.webhooks.insert(aWebhook(team.id, { isActive: false })));
      expect(await uow.repositories.onboarding.progress(team.id)).toEqual({ ...NONE, webhook: true });
      expect(await uow.repositories.onboarding.progress(other.id)).toEqual(NONE);
    });

    it("counts a published offer only: not a draft, not a deleted one", async () => {
      const team = await newTeam(uow, "provider");
      const draft = anOffer(team.id);
      const deleted = anOffer(team.id, { status: "active" });
      await uow.transaction(async (scope) => {
        await scope.offers.insert(draft);
        await scope.offers.insert(deleted);
        await scope.offers.softDelete(team.id, deleted.id, new Date());
      });
      expect(await uow.repositories.onboarding.progress(team.id)).toEqual(NONE);
      await uow.transaction((scope) => scope.offers.insert(anOffer(team.id, { status: "active" })));
      expect(await uow.repositories.onboarding.progress(team.id)).toEqual({ ...NONE, publishedOffer: true });
    });

    it("counts an order placed as a reseller, training or deleted ones too, not one received as a provider", async () => {
      const { provider, offers } = await aProviderWithOffers(uow);
      const reseller = await newTeam(uow, "reseller");
      const order = anOrder(reseller.id, offers, undefined, { isTraining: true });
      await storeOrders(uow, order);
      await uow.transaction((scope) => scope.orders.markDeleted(order, new Date()));
      expect(await uow.repositories.onboarding.progress(reseller.id)).toEqual({ ...NONE, order: true });
      expect(await uow.repositories.onboarding.progress(provider.id)).toEqual({ ...NONE, publishedOffer: true });
    });

    it("counts the team's storefront", async () => {
      const team = await newTeam(uow, "reseller");
      await uow.transaction((scope) => scope.storefronts.save(aStorefront(team.id)));
      expect(await uow.repositories.onboarding.progress(team.id)).toEqual({ ...NONE, storefront: true });
    });
  });
}

/**
 * A team's first steps, in memory: four existence checks over the webhooks, offers, storefronts
 * and orders tables, as the SQL adapter's one statement makes them.
 *
 * @module
 */

import type { OnboardingRepository } from "../../members/index.ts";
import type { InMemoryContext } from "../in-memory-database.ts";
import { OFFERS } from "./offer-tables.ts";
import { ORDERS } from "./orders-tables.ts";
import { STOREFRONTS } from "./storefront.ts";
import { WEBHOOKS } from "./webhook-tables.ts";

/** The in-memory `OnboardingRepository`. */
export function inMemoryOnboarding(context: InMemoryContext): OnboardingRepository {
  const any = <Row>(rows: Map<string, Row>, test: (row: Row) => boolean) => [...rows.values()].some(test);
  return {
    async progress(teamId) {
      const { tables } = context;
      return {
        webhook: any(tables.rows(WEBHOOKS), (webhook) => webhook.teamId === teamId),
        publishedOffer: any(
          tables.rows(OFFERS),
          (offer) => offer.teamId === teamId && offer.status === "active" && offer.deletedAt === null,
        ),
        storefront: any(tables.rows(STOREFRONTS), (storefront) => storefront.resellerTeamId === teamId),
        // Any order the team placed: training and deleted ones too.
        order: any(tables.rows(ORDERS), (order) => order.resellerTeamId === teamId),
      };
    },
  };
}

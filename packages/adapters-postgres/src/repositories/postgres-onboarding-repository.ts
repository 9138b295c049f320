import type { OnboardingRepository, TeamProgress } from "@marketplace/core/members";
import { type Kysely, sql } from "kysely";
import type { Database } from "../schema.ts";

/**
 * A team's first steps in one statement: four existence checks, each stopping at its first row on
 * an index (webhooks_team_created_at_id, offers_team_active of migration 0026,
 * orders_reseller_created_at_id, the storefront's unique team).
 */
export class PostgresOnboardingRepository implements OnboardingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async progress(teamId: string): Promise<TeamProgress> {
    const { rows } = await sql<{ webhook: boolean; offer: boolean; storefront: boolean; order: boolean }>`
      select
        exists (select 1 from webhooks where team_id = ${teamId}) as webhook,
        exists (select 1 from offers where team_id = ${teamId} and status = 'active' and deleted_at is null) as offer,
        exists (select 1 from storefronts where reseller_team_id = ${teamId}) as storefront,
        exists (select 1 from orders where reseller_team_id = ${teamId}) as "order"
    `.execute(this.db);
    const row = rows[0];
    return {
      webhook: row?.webhook === true,
      publishedOffer: row?.offer === true,
      storefront: row?.storefront === true,
      order: row?.order === true,
    };
  }
}

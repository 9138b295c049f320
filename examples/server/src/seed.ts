import type { Marketplace, NewOffer, Principal, TeamRole } from "@marketplace/core";
import { sql } from "kysely";
import type { OpenDatabase } from "./database.ts";

/** A demo team and its key, as printed once after seeding. */
export interface SeededTeam {
  name: string;
  role: TeamRole;
  teamId: string;
  apiKey: string;
}

const TEAMS: { name: string; role: TeamRole; offers: NewOffer[] }[] = [
  {
    name: "Demo Fiber & Power Co.",
    role: "provider",
    offers: [
      { name: "Fiber 500", sku: "FIBER-500", serviceType: "internet", monthlyPrice: "49.99" },
      { name: "Fiber 1 Gig", sku: "FIBER-1000", serviceType: "internet", monthlyPrice: "69.99" },
      { name: "Green Power 12", sku: "GREEN-12", serviceType: "electricity", monthlyPrice: "89.00" },
    ],
  },
  { name: "Demo Reseller Inc.", role: "reseller", offers: [] },
  {
    name: "Demo Hybrid Networks",
    role: "hybrid",
    offers: [{ name: "Home Security Basic", sku: "SEC-BASIC", serviceType: "home_security", monthlyPrice: "29.00" }],
  },
];

/**
 * Seeds demo teams, keys and offers when the database has no team at all. An advisory lock makes
 * concurrent starts seed once. Returns the seeded teams with their keys, or null when not empty.
 */
export async function seedDemoData(marketplace: Marketplace, database: OpenDatabase): Promise<SeededTeam[] | null> {
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('marketplace.seed'))`.execute(conn);
    try {
      const existing = await conn.selectFrom("teams").select("id").limit(1).execute();
      if (existing.length > 0) return null;
      const seeded: SeededTeam[] = [];
      for (const spec of TEAMS) {
        const { team, apiKey } = await marketplace.teams.create({ name: spec.name, role: spec.role });
        const principal: Principal = { teamId: team.id, role: team.role, apiKeyId: apiKey.id };
        for (const offer of spec.offers) await marketplace.offers.create(principal, offer);
        seeded.push({ name: team.name, role: team.role, teamId: team.id, apiKey: apiKey.key });
      }
      return seeded;
    } finally {
      await sql`select pg_advisory_unlock(hashtext('marketplace.seed'))`.execute(conn);
    }
  });
}

/** The block printed once after seeding: the only time the demo keys are shown. */
export function formatSeededKeys(teams: SeededTeam[], baseUrl: string): string {
  const width = Math.max(...teams.map((t) => t.name.length + t.role.length + 3));
  const lines = teams.map((t) => `  ${`${t.name} (${t.role})`.padEnd(width)}  ${t.apiKey}`);
  const provider = teams.find((t) => t.role === "provider");
  return [
    "",
    "Demo data seeded. These API keys are shown once; keep them (new ones: pnpm marketplace keys create):",
    ...lines,
    "",
    "Try:",
    `  curl ${baseUrl}/health`,
    provider ? `  curl -H 'x-api-key: ${provider.apiKey}' ${baseUrl}/provider/offers` : "",
    `  open ${baseUrl}/docs`,
    "",
  ].join("\n");
}

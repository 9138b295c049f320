import { chmod, mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, relative, resolve } from "node:path";
import { type Marketplace, type NewOffer, operatorCaller, type Principal, type TeamRole } from "@marketplace/core";
import { sql } from "kysely";
import type { OpenDatabase } from "./database.ts";

/** A demo team and its key, as printed once after seeding. */
export interface SeededTeam {
  name: string;
  role: TeamRole;
  teamId: string;
  apiKey: string;
  /** The demo owner's e-mail and the token of their dashboard invite (single use, 72 h). */
  owner?: { email: string; inviteToken: string };
}

/** The seeded teams, and the file their keys were also written to (null: none written). */
export type SeededDemo = SeededTeam[] & { keysFile?: string | null };

/** The variable each role's key is exported as, in the banner and in the keys file. */
const KEY_VARIABLES: Record<TeamRole, string> = {
  provider: "PROVIDER_KEY",
  reseller: "RESELLER_KEY",
  hybrid: "HYBRID_KEY",
};

interface DemoTeam {
  name: string;
  role: TeamRole;
  brand?: { name: string; logoUrl: string };
  /** A market and its ZIP codes; offers marked `local` are linked to it. */
  market?: { name: string; zips: string[] };
  offers: (NewOffer & { local?: boolean; publish?: boolean })[];
}

const TEAMS: DemoTeam[] = [
  {
    name: "Demo Fiber & Power Co.",
    role: "provider",
    brand: { name: "Lightspeed Fiber", logoUrl: "https://logos.example.com/lightspeed.png" },
    market: { name: "Austin Metro", zips: ["78701", "78702", "78703", "78704"] },
    offers: [
      {
        name: "Fiber 500",
        sku: "FIBER-500",
        serviceType: "internet",
        marketingHeadline: "Symmetric 500 Mbps fiber",
        description: "Unlimited data, free installation, no annual contract.",
        monthlyPrice: "49.99",
        promoMonthlyPrice: "39.99",
        promoDurationMonths: 6,
        commission: "40.00",
        internet: { downloadSpeedMbps: 500, uploadSpeedMbps: 500, connectionType: "fiber", dataCapGb: null },
        local: true,
      },
      {
        name: "Fiber 1 Gig",
        sku: "FIBER-1000",
        serviceType: "internet",
        marketingHeadline: "Gigabit fiber for busy homes",
        description: "1,000 Mbps down and up, Wi-Fi 7 router included.",
        monthlyPrice: "69.99",
        contractTermMonths: 12,
        commission: "60.00",
        internet: { downloadSpeedMbps: 1000, uploadSpeedMbps: 1000, connectionType: "fiber", dataCapGb: null },
        local: true,
      },
      {
        name: "Green Power 12",
        sku: "GREEN-12",
        serviceType: "electricity",
        marketingHeadline: "100% renewable, price locked for a year",
        description: "Fixed rate for 12 months from Texas wind and solar.",
        monthlyPrice: "89.00",
        commission: "25.00",
        electricity: { ratePerKwh: "0.1425", rateType: "fixed", renewablePercent: 100, termMonths: 12 },
      },
      {
        name: "Partner Fiber Signup",
        sku: "PARTNER-FIBER",
        serviceType: "internet",
        marketingHeadline: "Sign up on our partner's site",
        monthlyPrice: "55.00",
        commission: "30.00",
        partnerSignup: { kind: "lead_gen", signupUrlTemplate: "https://signup.example.com/start?ref={orderItemId}" },
        internet: { downloadSpeedMbps: 300, uploadSpeedMbps: 30, connectionType: "cable", dataCapGb: 1200 },
      },
      {
        name: "Fiber 2 Gig (draft)",
        sku: "FIBER-2000",
        serviceType: "internet",
        monthlyPrice: "99.99",
        publish: false,
      },
    ],
  },
  { name: "Demo Reseller Inc.", role: "reseller", offers: [] },
  {
    name: "Demo Hybrid Networks",
    role: "hybrid",
    offers: [
      {
        name: "Home Security Basic",
        sku: "SEC-BASIC",
        serviceType: "home_security",
        marketingHeadline: "24/7 monitored security",
        monthlyPrice: "29.00",
        commission: "15.00",
      },
    ],
  },
];

/**
 * Seeds demo teams, keys and offers when the database has no team at all. An advisory lock makes
 * concurrent starts seed once. Returns the seeded teams with their keys, or null when not empty.
 * The keys are also written as an `export …` line to `keysFile` (created readable by this user
 * only, mode 0600), so that a shell can `source` them; they are never logged.
 */
export async function seedDemoData(
  marketplace: Marketplace,
  database: OpenDatabase,
  options: { keysFile: string },
): Promise<SeededDemo | null> {
  const seeded = await seedTeams(marketplace, database);
  if (!seeded) return null;
  const result: SeededDemo = seeded;
  const file = resolve(options.keysFile);
  await mkdir(dirname(file), { recursive: true });
  // Replaced, not rewritten in place: a file left by an earlier start keeps no wider mode.
  await rm(file, { force: true });
  await writeFile(
    file,
    `# Demo API keys of ${dirname(file)}; load them with: source ${shownPath(file)}\n${exportLine(seeded)}\n`,
    {
      mode: 0o600,
    },
  );
  await chmod(file, 0o600); // whatever the umask
  result.keysFile = file;
  return result;
}

/**
 * The banner after seeding into a database that is not the embedded one (MARKETPLACE_SEED=true
 * with DATABASE_URL): where the keys are, never the keys themselves (stdout may be a log pipeline).
 */
export function formatSeededKeysFile(teams: SeededDemo): string {
  return [
    "",
    `Demo data seeded (MARKETPLACE_SEED=true). The demo API keys are in ${shownPath(teams.keysFile ?? "")} (readable by this user only):`,
    `  source ${shownPath(teams.keysFile ?? "")}`,
    "",
  ].join("\n");
}

function seedTeams(marketplace: Marketplace, database: OpenDatabase): Promise<SeededTeam[] | null> {
  return database.db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(hashtext('marketplace.seed'))`.execute(conn);
    try {
      const existing = await conn.selectFrom("teams").select("id").limit(1).execute();
      if (existing.length > 0) return null;
      const seeded: SeededTeam[] = [];
      for (const spec of TEAMS) {
        const { team, apiKey } = await marketplace.teams.create({ name: spec.name, role: spec.role });
        const principal: Principal = { teamId: team.id, role: team.role, apiKeyId: apiKey.id };
        const brand = spec.brand ? await marketplace.brands.create(principal, spec.brand) : null;
        let marketId: string | null = null;
        if (spec.market) {
          const market = await marketplace.markets.create(principal, { name: spec.market.name });
          for (const zip of spec.market.zips) await marketplace.markets.addArea(principal, market.id, { value: zip });
          marketId = market.id;
        }
        for (const { local, publish, ...input } of spec.offers) {
          const offer = await marketplace.offers.create(principal, {
            ...input,
            brandId: brand?.id ?? null,
            marketIds: local && marketId ? [marketId] : [],
          });
          if (publish !== false) await marketplace.offers.publish(principal, offer.id);
        }
        // The demo owner's first sign-in: an invite link, printed with the keys.
        const email = `owner@${team.role}.example`;
        const invite = await marketplace.members.invite(
          team.id,
          { email, role: "owner" },
          operatorCaller(undefined, "seed"),
        );
        seeded.push({
          name: team.name,
          role: team.role,
          teamId: team.id,
          apiKey: apiKey.key,
          owner: { email, inviteToken: invite.token },
        });
      }
      return seeded;
    } finally {
      await sql`select pg_advisory_unlock(hashtext('marketplace.seed'))`.execute(conn);
    }
  });
}

/** `export PROVIDER_KEY=mk_… RESELLER_KEY=mk_… HYBRID_KEY=mk_…`, ready to paste into a shell. */
export function exportLine(teams: SeededTeam[]): string {
  return `export ${teams.map((t) => `${KEY_VARIABLES[t.role]}=${t.apiKey}`).join(" ")}`;
}

/** A path as short as it can be shown: relative to the working directory when inside it. */
function shownPath(file: string): string {
  const rel = relative(process.cwd(), file);
  return rel.startsWith("..") || rel === "" ? file : rel;
}

/**
 * The block printed once after seeding: the only time the demo keys are shown. Each key stays on a
 * line `<team name> (<role>)  mk_…`, then one `export …` line sets all three in a shell.
 */
export function formatSeededKeys(teams: SeededDemo, baseUrl: string, publicUrl = baseUrl): string {
  const width = Math.max(...teams.map((t) => t.name.length + t.role.length + 3));
  const lines = teams.map((t) => `  ${`${t.name} (${t.role})`.padEnd(width)}  ${t.apiKey}`);
  const base = baseUrl.replace(/^http:\/\//, "");
  const where = teams.keysFile ? ` (or: source ${shownPath(teams.keysFile)})` : "";
  return [
    "",
    "Demo data seeded. These API keys are shown once; keep them (new ones: pnpm marketplace keys create):",
    ...lines,
    "",
    `Paste this into the terminal you try the API from${where}:`,
    "",
    `  ${exportLine(teams)}`,
    "",
    "Then:",
    `  curl ${base}/health`,
    `  curl -H "x-api-key: $PROVIDER_KEY" ${base}/provider/offers`,
    `  curl -H "x-api-key: $RESELLER_KEY" '${base}/reseller/catalog?zipCode=78701'`,
    `  open ${baseUrl}/docs      # the API reference; the contract is ${baseUrl}/openapi.json`,
    "",
    ...dashboardLines(teams, publicUrl),
  ].join("\n");
}

/** The dashboard's sign-in links for the demo owners (each an invite: choose a password, once). */
function dashboardLines(teams: SeededTeam[], publicUrl: string): string[] {
  const owners = teams.filter((t) => t.owner);
  if (owners.length === 0) return [];
  const width = Math.max(...owners.map((t) => t.name.length + t.role.length + 3));
  return [
    "Dashboard: open a link to sign in as the demo team's owner (choose a password; single use, valid 72 h):",
    ...owners.map(
      (t) => `  ${`${t.name} (${t.role})`.padEnd(width)}  ${publicUrl}/dashboard/invite/${t.owner?.inviteToken}`,
    ),
    `  later: ${publicUrl}/dashboard/sign-in  as ${owners.map((t) => t.owner?.email).join(", ")}`,
    "",
  ];
}

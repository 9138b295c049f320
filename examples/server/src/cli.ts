/**
 * `pnpm marketplace …`: team and key administration against the database (DATABASE_URL, or the
 * embedded server: used as is when the reference server is running, else started for the command).
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { PostgresUnitOfWork, sealStoredSecrets } from "@marketplace/adapters-postgres";
import {
  createMarketplace,
  createSecretKeyring,
  MarketplaceError,
  MEMBER_ROLES,
  type MemberRole,
  operatorCaller,
  TEAM_ROLES,
  type TeamRole,
} from "@marketplace/core";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { loadConfig } from "./config.ts";
import { openDatabase } from "./database.ts";
import { createLogger } from "./logger.ts";

const USAGE = `Usage: pnpm marketplace <command> [options]

Commands:
  teams create --name <name> --role <provider|reseller|hybrid>   Create a team and its first API key
  teams list                                                    List teams
  keys create --team <teamId> [--name <label>]                  Issue another API key (shown once)
  keys list --team <teamId>                                     List a team's keys (prefixes only)
  keys revoke --team <teamId> --key <keyId>                     Revoke a key at once
  members invite --team <teamId> --email <e> --role <role>      Invite a person to the team's dashboard
                   (role: owner, developer, operations, viewer); prints the single-use link (72 h)
  consent verify <bundle.json> [--keys <jwks.json | https URL>]  Verify a consent evidence bundle offline
                   (exit 0 valid, 1 not); --keys: the service's GET /.well-known/consent-keys.json,
                   else the keys inside the bundle (which then only checks it is self-consistent)
  secrets reencrypt                                              Seal every stored secret under MARKETPLACE_SECRET_KEY
                   (plaintext ones, and ones of MARKETPLACE_SECRET_KEY_PREVIOUS after a rotation)

Options:
  --json   Print JSON instead of text
  --help   Show this help

Uses DATABASE_URL when set, else the embedded PostgreSQL in MARKETPLACE_DATA_DIR (.data/postgres).`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: "string" },
      role: { type: "string" },
      team: { type: "string" },
      key: { type: "string" },
      keys: { type: "string" },
      email: { type: "string" },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  // `consent verify <file>` takes a positional argument; every other command is its words.
  const command = positionals.slice(0, 2).join(" ") === "consent verify" ? "consent verify" : positionals.join(" ");
  if (values.help || command === "") {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const need = (option: "name" | "role" | "team" | "key" | "email"): string => {
    const value = values[option];
    if (!value) throw new UsageError(`--${option} is required for '${command}'`);
    return value;
  };
  const print = (data: unknown, text: string) => console.log(values.json ? JSON.stringify(data, null, 2) : text);

  const known = [
    "teams create",
    "teams list",
    "keys create",
    "keys list",
    "keys revoke",
    "members invite",
    "consent verify",
    "secrets reencrypt",
  ];
  if (!known.includes(command)) throw new UsageError(`unknown command '${command}'`);
  if (command === "consent verify") {
    const file = positionals[2];
    if (!file || positionals.length > 3) throw new UsageError("'consent verify' takes one bundle file");
    return verifyEvidenceFile(file, values.keys, values.json);
  }

  const config = loadConfig(process.env);
  const logger = createLogger(process.env.MARKETPLACE_LOG_LEVEL ?? "warn", { fd: 2, sync: true });
  const database = await openDatabase(config, logger, { whenRunning: "share", applicationName: "marketplace-cli" });
  try {
    const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }), logger });
    // The command line acts as the operator: its key and member changes are on the team's audit log.
    const cli = operatorCaller(undefined, "operator (cli)");
    switch (command) {
      case "secrets reencrypt": {
        if (config.secretKey === null) {
          throw new UsageError("'secrets reencrypt' needs MARKETPLACE_SECRET_KEY (the key to seal under)");
        }
        const keyring = await createSecretKeyring(config.secretKey, config.previousSecretKeys);
        const report = await sealStoredSecrets(database.db, { keyring, logger });
        print(
          report,
          `Sealed ${report.sealed} plaintext secret(s) and re-sealed ${report.resealed} under key id ${report.keyId}; ` +
            "every stored secret is now sealed under it",
        );
        break;
      }
      case "teams create": {
        const role = need("role");
        if (!(TEAM_ROLES as readonly string[]).includes(role)) {
          throw new UsageError(`--role must be one of ${TEAM_ROLES.join(", ")}`);
        }
        const { team, apiKey } = await marketplace.teams.create({ name: need("name"), role: role as TeamRole });
        print(
          { team, apiKey },
          `Team ${team.name} (${team.role}) created: ${team.id}\nAPI key (shown once): ${apiKey.key}`,
        );
        break;
      }
      case "teams list": {
        const teams = await marketplace.teams.list({ kind: "all" });
        const list = Array.isArray(teams) ? teams : teams.data;
        print(list, list.map((t) => `${t.id}  ${t.role.padEnd(8)}  ${t.name}`).join("\n") || "No teams.");
        break;
      }
      case "keys create": {
        const key = await marketplace.apiKeys.create(need("team"), { name: values.name ?? null }, cli);
        print(key, `API key ${key.id} created (shown once): ${key.key}`);
        break;
      }
      case "keys list": {
        const keys = await marketplace.teams.listApiKeys(need("team"));
        print(
          keys,
          keys
            .map(
              (k) =>
                `${k.id}  ${k.prefix}…  ${k.revokedAt ? `revoked ${k.revokedAt.toISOString()}` : "active"}  ${k.name ?? ""}`,
            )
            .join("\n") || "No keys.",
        );
        break;
      }
      case "members invite": {
        const role = need("role");
        if (!(MEMBER_ROLES as readonly string[]).includes(role)) {
          throw new UsageError(`--role must be one of ${MEMBER_ROLES.join(", ")}`);
        }
        const { invite, token } = await marketplace.members.invite(
          need("team"),
          { email: need("email"), role: role as MemberRole },
          cli,
        );
        const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
        const inviteUrl = `${publicUrl}/dashboard/invite/${token}`;
        print(
          { inviteUrl, expiresAt: invite.expiresAt },
          `Invite for ${invite.email} (${invite.role}), single use, valid until ${invite.expiresAt.toISOString()}:\n${inviteUrl}`,
        );
        break;
      }
      case "keys revoke": {
        const key = await marketplace.apiKeys.revoke(need("team"), need("key"), cli);
        print(key, `API key ${key.id} (${key.prefix}…) revoked at ${key.revokedAt?.toISOString()}`);
        break;
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

/** `consent verify`: no database, only the file and the keys. */
async function verifyEvidenceFile(file: string, keysSource: string | undefined, json: boolean): Promise<number> {
  const bundle = JSON.parse(await readFile(file, "utf8")) as { keys?: unknown };
  let keys: unknown = bundle?.keys;
  if (keysSource?.startsWith("https://") || keysSource?.startsWith("http://")) {
    const response = await fetch(keysSource);
    if (!response.ok) throw new Error(`GET ${keysSource} answered ${response.status}`);
    keys = await response.json();
  } else if (keysSource) {
    keys = JSON.parse(await readFile(keysSource, "utf8"));
  }
  const result = await verifyConsentEvidence(bundle, keys);
  if (json) console.log(JSON.stringify({ ...result, keysFrom: keysSource ?? "bundle" }, null, 2));
  else if (result.valid) {
    const at = result.checkpoint
      ? ` up to chain position ${result.checkpoint.seq}, signed ${result.checkpoint.signedAt} by key ${result.checkpoint.keyId}`
      : "";
    console.log(`valid: ${result.records} consent record(s)${at}`);
    if (!keysSource) {
      console.log("note: checked against the keys inside the bundle; pass --keys with the service's published keys");
    }
  } else console.log(`NOT valid:\n${result.problems.map((problem) => `  - ${problem}`).join("\n")}`);
  return result.valid ? 0 : 1;
}

class UsageError extends Error {}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (MarketplaceError.isInstance(error)) console.error(error.message);
    else console.error(error instanceof Error ? error.message : String(error));
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);

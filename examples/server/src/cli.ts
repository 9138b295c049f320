/**
 * `pnpm marketplace …`: team and key administration against the database (DATABASE_URL, or the
 * embedded server: used as is when the reference server is running, else started for the command).
 *
 * @module
 */

import { parseArgs } from "node:util";
import { PostgresUnitOfWork } from "@marketplace/adapters-postgres";
import { createMarketplace, MarketplaceError, TEAM_ROLES, type TeamRole } from "@marketplace/core";
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
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const command = positionals.join(" ");
  if (values.help || command === "") {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const need = (option: "name" | "role" | "team" | "key"): string => {
    const value = values[option];
    if (!value) throw new UsageError(`--${option} is required for '${command}'`);
    return value;
  };
  const print = (data: unknown, text: string) => console.log(values.json ? JSON.stringify(data, null, 2) : text);

  const known = ["teams create", "teams list", "keys create", "keys list", "keys revoke"];
  if (!known.includes(command)) throw new UsageError(`unknown command '${command}'`);

  const config = loadConfig(process.env);
  const logger = createLogger(process.env.MARKETPLACE_LOG_LEVEL ?? "warn", { fd: 2 });
  const database = await openDatabase(config, logger, { whenRunning: "share", applicationName: "marketplace-cli" });
  try {
    const marketplace = createMarketplace({ unitOfWork: new PostgresUnitOfWork({ db: database.db }), logger });
    switch (command) {
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
        const key = await marketplace.teams.createApiKey(need("team"), { name: values.name ?? null });
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
      case "keys revoke": {
        const key = await marketplace.teams.revokeApiKey(need("team"), need("key"));
        print(key, `API key ${key.id} (${key.prefix}…) revoked at ${key.revokedAt?.toISOString()}`);
        break;
      }
    }
    return 0;
  } finally {
    await database.close();
  }
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

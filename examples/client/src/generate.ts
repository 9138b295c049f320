/**
 * `pnpm --filter @marketplace/example-client generate`: writes `src/schema.d.ts`.
 *
 * @module
 */

import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { generateSchema } from "./generate-schema.ts";

const target = fileURLToPath(new URL("../src/schema.d.ts", import.meta.url));
await writeFile(target, await generateSchema());
console.log(`wrote ${target}`);

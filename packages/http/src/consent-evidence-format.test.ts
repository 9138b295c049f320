import { spawn } from "node:child_process";
import { createHash, generateKeyPairSync, randomUUID } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { verifyConsentEvidence } from "@marketplace/core/consent-evidence";
import { describe, expect, it } from "vitest";
import {
  b64u,
  bundle,
  checkpointMessage,
  copy,
  independentVerify,
  type Json,
  jcs,
  jwks,
  record,
  setupEvidenceBundle,
  sha256hex,
} from "../../../test/helpers/http/consent-evidence-format.ts";

setupEvidenceBundle();

describe("a verifier written from docs/consent-evidence-format.md alone", () => {
  it("verifies a bundle exported through the API, as the project's verifier does", async () => {
    const b = copy();
    // The bundle really links through entries it does not show, and holds revocations.
    expect(b.records.length).toBeGreaterThanOrEqual(3);
    expect(b.records.some((r) => r.revocations.length > 0)).toBe(true);
    const shown = new Set(b.records.flatMap((r) => [r.seq, ...r.revocations.map((v) => v.seq)]));
    expect(b.chain.links.some((l) => !shown.has(l.seq as number))).toBe(true);
    expect(independentVerify(b, jwks)).toEqual([]);
    expect(await verifyConsentEvidence(b, jwks)).toMatchObject({ valid: true, records: b.records.length });
  });

  it("finds in the page the exact texts it hashes and signs", async () => {
    const page = await readFile(
      fileURLToPath(new URL("../../../docs/consent-evidence-format.md", import.meta.url)),
      "utf8",
    );
    const b = copy();
    const link = b.chain.links[0] as Record<string, Json>;
    const linkText = jcs({
      consentId: link.consentId as string,
      digest: link.digest as string,
      prev: b.chain.prevHash,
      seq: link.seq as number,
    });
    const linkTemplate = '{"consentId":"<consentId>","digest":"<digest>","prev":"<prev hash>","seq":<seq>}';
    expect(page).toContain(linkTemplate);
    expect(linkText).toBe(
      linkTemplate
        .replace("<consentId>", link.consentId as string)
        .replace("<digest>", link.digest as string)
        .replace("<prev hash>", b.chain.prevHash)
        .replace("<seq>", String(link.seq)),
    );
    const cpTemplate =
      '{"hash":"<hash>","keyId":"<keyId>","providerTeamId":"<providerTeamId>","seq":<seq>,"signedAt":"<signedAt>","type":"marketplace.consent-checkpoint.v1"}';
    expect(page).toContain(cpTemplate);
    const cp = b.checkpoint;
    expect(checkpointMessage(cp)).toBe(
      cpTemplate
        .replace("<hash>", cp.hash as string)
        .replace("<keyId>", cp.keyId as string)
        .replace("<providerTeamId>", cp.providerTeamId as string)
        .replace("<seq>", String(cp.seq))
        .replace("<signedAt>", cp.signedAt as string),
    );
  });

  const alterations: [string, (b: ReturnType<typeof copy>) => void, { keys?: () => typeof jwks }?][] = [
    [
      "a record's disclosure text",
      (b) => {
        record(b, 0).disclosureText = `${record(b, 0).disclosureText} `;
      },
    ],
    [
      "a record's phone",
      (b) => {
        record(b, 1).phone = "+15125550000";
      },
    ],
    [
      "a record's grant flag",
      (b) => {
        record(b, 1).granted = !record(b, 1).granted;
      },
    ],
    [
      "a record's offer ids",
      (b) => {
        (record(b, 0).offerIds as Json[]).push(randomUUID());
      },
    ],
    [
      "a revocation's time",
      (b) => {
        const r = b.records.find((x) => x.revocations.length > 0);
        if (r?.revocations[0]) r.revocations[0].revokedAt = "2020-01-01T00:00:00.000Z";
      },
    ],
    [
      "a revocation removed",
      (b) => {
        const r = b.records.find((x) => x.revocations.length > 0);
        if (r) r.revocations = [];
      },
    ],
    [
      "two records swapped (order)",
      (b) => {
        b.records.splice(0, 2, record(b, 1), record(b, 0));
      },
    ],
    [
      "a hidden link's digest",
      (b) => {
        const shown = new Set(b.records.flatMap((r) => [r.seq, ...r.revocations.map((v) => v.seq)]));
        const hidden = b.chain.links.find((l) => !shown.has(l.seq as number));
        if (hidden) hidden.digest = sha256hex("another entry");
      },
    ],
    [
      "a link removed",
      (b) => {
        b.chain.links.splice(2, 1);
      },
    ],
    [
      "two links swapped",
      (b) => {
        b.chain.links.splice(1, 2, b.chain.links[2] as Record<string, Json>, b.chain.links[1] as Record<string, Json>);
      },
    ],
    [
      "the chain's start hash",
      (b) => {
        b.chain.prevHash = "1".repeat(64);
      },
    ],
    [
      "a member no entry covers",
      (b) => {
        record(b, 0).note = "added later";
      },
    ],
    [
      "the checkpoint's position",
      (b) => {
        b.checkpoint.seq = (b.checkpoint.seq as number) - 1;
      },
    ],
    [
      "the checkpoint's time",
      (b) => {
        b.checkpoint.signedAt = "2030-01-01T00:00:00.000Z";
      },
    ],
    [
      "the signature",
      (b) => {
        const sig = Buffer.from(b.checkpoint.signature as string, "base64url");
        sig[10] = (sig[10] ?? 0) ^ 1;
        b.checkpoint.signature = sig.toString("base64url");
      },
    ],
    [
      "another key under the published kid",
      () => {},
      {
        keys: () => {
          const other = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" });
          return { keys: jwks.keys.map((k) => ({ ...k, x: other.x as string })) };
        },
      },
    ],
    [
      "a key set without the signing key",
      () => {},
      {
        keys: () => {
          const other = generateKeyPairSync("ed25519").publicKey.export({ format: "jwk" }) as { x: string };
          const kid = b64u(createHash("sha256").update(`{"crv":"Ed25519","kty":"OKP","x":"${other.x}"}`).digest());
          return { keys: [{ kty: "OKP", crv: "Ed25519", x: other.x, kid, alg: "EdDSA", use: "sig" }] };
        },
      },
    ],
  ];

  for (const [what, alter, options] of alterations) {
    it(`refuses a bundle with ${what} altered, as the project's verifier does`, async () => {
      const b = copy();
      alter(b);
      const keys = options?.keys?.() ?? jwks;
      expect(JSON.stringify(b) !== JSON.stringify(bundle) || keys !== jwks).toBe(true);
      expect(independentVerify(b, keys)).not.toEqual([]);
      expect(await verifyConsentEvidence(b, keys)).toMatchObject({ valid: false });
    });
  }

  it("agrees with pnpm marketplace consent verify on the exported bundle and an altered one", {
    timeout: 60_000,
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), "evidence-format-"));
    try {
      const altered = copy();
      record(altered, 0).ipAddress = "203.0.113.9";
      await writeFile(join(dir, "bundle.json"), JSON.stringify(bundle));
      await writeFile(join(dir, "altered.json"), JSON.stringify(altered));
      await writeFile(join(dir, "keys.json"), JSON.stringify(jwks));
      expect(independentVerify(altered, jwks)).not.toEqual([]);
      const root = fileURLToPath(new URL("../../..", import.meta.url));
      const cli = async (file: string) =>
        new Promise<{ code: number | null; output: string }>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              join(root, "node_modules/tsx/dist/cli.mjs"),
              join(root, "examples/server/src/cli.ts"),
              "consent",
              "verify",
              join(dir, file),
              "--keys",
              join(dir, "keys.json"),
            ],
            { cwd: root, env: { PATH: process.env.PATH ?? "" }, stdio: ["ignore", "pipe", "pipe"] },
          );
          let output = "";
          child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
          child.on("exit", (code) => resolve({ code, output }));
        });
      const [valid, invalid] = await Promise.all([cli("bundle.json"), cli("altered.json")]);
      expect(valid.code, valid.output).toBe(0);
      expect(valid.output).toMatch(/^valid: /);
      expect(invalid.code, invalid.output).toBe(1);
      expect(invalid.output).toMatch(/NOT valid/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The docs point at each other and code comments cite decision records (`ADR-NNNN`): a renamed
// file, a removed heading or a record that was never written fails here, naming the file and line.
// Plain file reads, no server and no database.

const root = fileURLToPath(new URL("../", import.meta.url));
const SKIPPED_FOLDERS = new Set(["node_modules", "dist", ".git", ".data", "coverage"]);

function walk(folder: string, keep: (path: string) => boolean): string[] {
  const found: string[] = [];
  for (const name of readdirSync(folder)) {
    if (SKIPPED_FOLDERS.has(name)) continue;
    const path = join(folder, name);
    if (statSync(path).isDirectory()) found.push(...walk(path, keep));
    else if (keep(path)) found.push(path);
  }
  return found;
}

const markdownFiles = [
  ...["README.md", "CONTRIBUTING.md", "SECURITY.md"].map((name) => join(root, name)).filter((path) => existsSync(path)),
  ...walk(join(root, "docs"), (path) => path.endsWith(".md")),
];

/** Text with fenced code blocks and inline code blanked (line numbers kept), so examples are not links. */
function withoutCode(text: string): string {
  return text
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, " "))
    .replace(/`[^`\n]*`/g, (code) => " ".repeat(code.length));
}

interface Link {
  line: number;
  target: string;
}

function linksIn(text: string): Link[] {
  const plain = withoutCode(text);
  const links: Link[] = [];
  const lineOf = (index: number) => plain.slice(0, index).split("\n").length;
  // Inline links and images: [text](target "title"); reference definitions: [label]: target
  for (const match of plain.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    links.push({ line: lineOf(match.index ?? 0), target: match[1] as string });
  }
  for (const match of plain.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)) {
    links.push({ line: lineOf(match.index ?? 0), target: match[1] as string });
  }
  return links;
}

/** GitHub's heading anchors: lowercased, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = (match[1] as string)
      .replace(/<[^>]+>/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(match[1] as string);
  return anchors;
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOfFile(path: string): Set<string> {
  let anchors = anchorCache.get(path);
  if (!anchors) {
    anchors = anchorsOf(readFileSync(path, "utf8"));
    anchorCache.set(path, anchors);
  }
  return anchors;
}

/** Why a link does not resolve, or null when it does. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:, …: not checked here
  const hash = target.indexOf("#");
  const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
  const anchor = hash === -1 ? "" : decodeURIComponent(target.slice(hash + 1));
  const file = pathPart === "" ? from : join(dirname(from), pathPart.split("?")[0] as string);
  if (!existsSync(file)) return `no such file: ${relative(root, file)}`;
  if (anchor && file.endsWith(".md") && !anchorsOfFile(file).has(anchor.toLowerCase())) {
    return `no heading for #${anchor} in ${relative(root, file)}`;
  }
  return null;
}

/** Source files whose comments may cite records and measurements. */
const codeFiles = ["packages", "examples", "test", "bench", "scripts"].flatMap((folder) =>
  walk(join(root, folder), (path) => /\.(ts|tsx|mts|mjs|js)$/.test(path) && !path.endsWith(".d.ts")),
);

/** A file's text with comment continuations joined (`*` and `//` line starts dropped), spaces collapsed. */
function joinedComments(text: string): string {
  return text.replace(/\n\s*(?:\*(?!\/)|\/\/)?\s*/g, " ").replace(/[ \t]+/g, " ");
}

/** The section names a text cites as `docs/performance.md, "Section"`. */
function performanceSectionsCited(text: string): string[] {
  return [...joinedComments(text).matchAll(/performance\.md[,:;]? "([^"]+)"/g)].map((match) => match[1] as string);
}

const performanceHeadings = [
  ...readFileSync(join(root, "docs", "performance.md"), "utf8").matchAll(/^#{2,6} (.+)$/gm),
].map((match) => (match[1] as string).replace(/`/g, "").trim());

/** A cited section exists: a heading of that name, or of that name with a parenthesis after it. */
function performanceSectionExists(name: string): boolean {
  return performanceHeadings.some((heading) => heading === name || heading.startsWith(`${name} (`));
}

const adrFolder = join(root, "docs", "adr");
const adrFiles = readdirSync(adrFolder).filter((name) => /^\d{4}-.+\.md$/.test(name));
const adrNumbers = new Set(adrFiles.map((name) => name.slice(0, 4)));

describe("documentation links", () => {
  it("finds the documents to check", () => {
    expect(markdownFiles.map((path) => relative(root, path))).toEqual(
      expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/architecture.md", "docs/adr/README.md"]),
    );
  });

  it("resolves every relative link in README.md, CONTRIBUTING.md, SECURITY.md and docs/**/*.md", () => {
    const broken: string[] = [];
    for (const file of markdownFiles) {
      for (const link of linksIn(readFileSync(file, "utf8"))) {
        const problem = brokenLink(file, link.target);
        if (problem) broken.push(`${relative(root, file)}:${link.line} (${link.target}): ${problem}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("computes GitHub's anchors", () => {
    const anchors = anchorsOf("# Analytics (issue 31)\n## `pnpm bench --scale`\n## Same\n## Same\n");
    expect([...anchors]).toEqual(["analytics-issue-31", "pnpm-bench---scale", "same", "same-1"]);
    expect(brokenLink(join(root, "README.md"), "docs/no-such-file.md")).toMatch(/no such file/);
  });
});

describe("decision records", () => {
  it("every record has a title naming its number and a status", () => {
    const problems: string[] = [];
    for (const name of adrFiles) {
      const text = readFileSync(join(adrFolder, name), "utf8");
      if (!text.startsWith(`# ADR-${name.slice(0, 4)}: `)) problems.push(`${name}: title`);
      if (!/^Status: (accepted|superseded by ADR-\d{4}|deprecated|proposed)/m.test(text)) {
        problems.push(`${name}: status`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("the index lists every record once", () => {
    const index = readFileSync(join(adrFolder, "README.md"), "utf8");
    const listed = [...index.matchAll(/^\| \[(\d{4})\]\((\d{4}-[^)]+\.md)\)/gm)].map((match) => match[2]);
    expect([...listed].sort()).toEqual([...adrFiles].sort());
  });

  it("every ADR-NNNN cited in code, tests, scripts and docs exists", () => {
    const cited: string[] = [];
    const sources = [...codeFiles, ...markdownFiles];
    for (const file of sources) {
      const lines = readFileSync(file, "utf8").split("\n");
      lines.forEach((text, index) => {
        for (const match of text.matchAll(/\bADR-(\d{4})\b/g)) {
          if (match[1] !== "NNNN" && !adrNumbers.has(match[1] as string)) {
            cited.push(`${relative(root, file)}:${index + 1}: ADR-${match[1]}`);
          }
        }
      });
    }
    expect(cited).toEqual([]);
  });
});

describe("citations in code comments", () => {
  // This file names both patterns in its own comments and examples.
  const thisFile = fileURLToPath(import.meta.url);

  it("cite decision records, never docs/decisions.md or its sections", () => {
    // The old decision log is not the record: a rule is in the ADR that holds it (docs/adr/README.md).
    const citing: string[] = [];
    for (const file of codeFiles.filter((path) => path !== thisFile)) {
      readFileSync(file, "utf8")
        .split("\n")
        .forEach((text, index) => {
          if (/decisions\.md|\bsee decisions\b|decision log/i.test(text)) {
            citing.push(`${relative(root, file)}:${index + 1}: ${text.trim()}`);
          }
        });
    }
    expect(citing).toEqual([]);
  });

  it("cite sections of docs/performance.md that exist", () => {
    const missing: string[] = [];
    for (const file of codeFiles.filter((path) => path !== thisFile)) {
      for (const name of performanceSectionsCited(readFileSync(file, "utf8"))) {
        if (!performanceSectionExists(name)) missing.push(`${relative(root, file)}: "${name}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("reads a citation across comment lines, and a heading with its parenthesis", () => {
    const comment = '/**\n * ratios (figures: docs/performance.md,\n * "Analytics\n *   (issue 31)").\n */';
    expect(performanceSectionsCited(comment)).toEqual(["Analytics (issue 31)"]);
    expect(performanceSectionsCited('// figures: docs/performance.md, "Bulk CSV"')).toEqual(["Bulk CSV"]);
    expect(performanceSectionExists("Dashboard pages")).toBe(true);
    expect(performanceSectionExists("Delivery worker")).toBe(false);
  });
});

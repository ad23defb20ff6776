/** @jest-environment node */
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import ts from "typescript";
import ar from "./ar.json";
import en from "./en.json";
import { partOf, pick } from "./parts";

const SRC = resolve(__dirname, "..");
const catalogue: Record<string, string> = en;

function resolveModule(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (/\.tsx?$/.test(candidate) && ts.sys.fileExists(candidate)) return candidate;
  }
  return null;
}

/** `import("…")` as the loader given to `withRestMessages`, which brings the rest of the catalogue. */
function loadsWithRest(node: ts.Node): boolean {
  const loader = node.parent;
  const call = loader?.parent;
  return (
    loader !== undefined &&
    ts.isArrowFunction(loader) &&
    call !== undefined &&
    ts.isCallExpression(call) &&
    ts.isIdentifier(call.expression) &&
    call.expression.text === "withRestMessages"
  );
}

/**
 * The modules the first chunk holds (what `entry` imports, statically or by an
 * `import()` that does not bring the rest of the catalogue), and the catalogue keys
 * their code names: string literals that are keys, and keys a template literal makes.
 */
function firstChunkKeys(entry: string): { modules: string[]; keys: Map<string, string> } {
  const seen = new Set<string>();
  const keys = new Map<string, string>();
  const pending = [entry];
  const keysLike = (pattern: RegExp, file: string) => {
    const matched = Object.keys(catalogue).filter((key) => pattern.test(key));
    for (const key of matched) keys.set(key, file);
  };
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const follow = (specifier: string) => {
      const target = resolveModule(file, specifier);
      if (target) pending.push(target);
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node)) {
        if (!node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) follow(node.moduleSpecifier.text);
        return;
      }
      if (ts.isExportDeclaration(node)) {
        if (!node.isTypeOnly && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) follow(node.moduleSpecifier.text);
        return;
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [specifier] = node.arguments;
        if (specifier && ts.isStringLiteral(specifier) && !loadsWithRest(node)) follow(specifier.text);
        return;
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
        if (node.text in catalogue) keys.set(node.text, file);
      } else if (ts.isTemplateExpression(node)) {
        const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
        const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        if (/^[a-zA-Z]+\./.test(node.head.text)) keysLike(new RegExp(`^${parts.map(escape).join("[^.]+")}$`), file);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { modules: [...seen].map((file) => file.slice(SRC.length + 1)), keys };
}

describe("the first part of the catalogue", () => {
  test("holds every message the first chunk's modules use", () => {
    const { modules, keys } = firstChunkKeys(join(SRC, "main.tsx"));
    // The scan sees the chrome and the landing page, and not the lazily loaded screens.
    expect(modules).toEqual(expect.arrayContaining(["chrome/Header.tsx", "features/home/LandingPage.tsx"]));
    expect(modules).not.toContain("features/home/HomePage.tsx");
    expect(keys.size).toBeGreaterThan(50);
    const outside = [...keys].filter(([key]) => partOf(key) !== "start").map(([key, file]) => `${key} (${file})`);
    expect(outside).toEqual([]);
  });

  test("the scan finds the messages a lazily loaded screen uses, which are not in it", () => {
    const { keys } = firstChunkKeys(join(SRC, "features/account/account-menu/AccountMenuPage.tsx"));
    expect([...keys.keys()].filter((key) => partOf(key) === "rest").length).toBeGreaterThan(0);
  });

  test.each([
    ["en", en],
    ["ar", ar],
  ])("with the rest it is the whole catalogue (%s), in the same parts in both languages", (_language, messages: Record<string, string>) => {
    const start = pick(messages, "start");
    const rest = pick(messages, "rest");
    expect(Object.keys(start).filter((key) => key in rest)).toEqual([]);
    expect({ ...start, ...rest }).toEqual(messages);
    expect(Object.keys(start).sort()).toEqual(Object.keys(pick(catalogue, "start")).sort());
    // The first page carries a small part: the split is worth a chunk.
    expect(Object.keys(start).length).toBeLessThan(Object.keys(messages).length / 4);
  });
});

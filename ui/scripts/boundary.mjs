// The WASM boundary's targets (issue 37), read from the built package: how many functions
// it exports, that none takes or returns an API document (an `unknown` or a
// `Record<string, unknown>` argument or result: a document read inside the core), and
// the three modules' sizes. Fails when a held target is broken; prints the others
// against their goals (README, "The WASM boundary").
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import ts from "typescript";

const pkg = new URL("../../pkg/", import.meta.url);
const file = "bundler/storefront_core.d.ts";
const source = ts.createSourceFile(file, readFileSync(new URL(file, pkg), "utf8"), ts.ScriptTarget.Latest, true);

const MAX_FUNCTIONS = 90;
let functions = 0;
let classes = 0;
const documents = [];

/** Whether a type node is an untyped value: `unknown`, or a record of them. */
function untyped(type) {
  if (!type) return false;
  if (type.kind === ts.SyntaxKind.UnknownKeyword) return true;
  return /^Record<string,\s*unknown>$/.test(type.getText().replace(/\s+/g, " "));
}

function check(name, node) {
  // A type guard (`error is CoreError`) takes any thrown value by design.
  const guard = node.type?.kind === ts.SyntaxKind.TypePredicate;
  for (const parameter of node.parameters ?? []) {
    if (!guard && untyped(parameter.type)) documents.push(`${name}(${parameter.name.getText()})`);
    if (parameter.type?.kind === ts.SyntaxKind.UnionType && parameter.type.types.some(untyped)) documents.push(`${name}(${parameter.name.getText()})`);
  }
  if (untyped(node.type)) documents.push(`${name} → result`);
}

for (const statement of source.statements) {
  const exported = statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  if (!exported) continue;
  if (ts.isFunctionDeclaration(statement)) {
    functions += 1;
    check(statement.name.text, statement);
  } else if (ts.isClassDeclaration(statement)) {
    classes += 1;
    for (const member of statement.members) {
      if ((ts.isMethodDeclaration(member) || ts.isConstructorDeclaration(member)) && member.name?.getText() !== "[Symbol.dispose]") {
        check(`${statement.name.text}.${member.name?.getText() ?? "constructor"}`, member);
      }
    }
  }
}

const size = (dir) => gzipSync(readFileSync(new URL(`${dir}/storefront_core_bg.wasm`, pkg)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const rows = [
  ["exported functions", `${functions} (+ ${classes} flow classes)`, `≤ ${MAX_FUNCTIONS}`, functions <= MAX_FUNCTIONS, true],
  ["exports taking or giving a document", documents.length ? documents.join(", ") : "none", "none", documents.length === 0, true],
  ["start module (gzip -9)", kb(size("start")), "—", true, false],
  ["cart module (gzip -9)", kb(size("cart")), "≤ 60 KB", size("cart") <= 60_000, true],
  ["whole core (gzip -9)", kb(size("bundler")), "—", true, false],
];
let broken = 0;
for (const [what, value, goal, met, held] of rows) {
  const mark = met ? "✔" : held ? "✘" : "·";
  console.log(`${mark} ${what.padEnd(38)} ${value.padEnd(28)} goal ${goal}${met || held ? "" : " (not yet)"}`);
  if (!met && held) broken += 1;
}
if (broken > 0) process.exit(1);

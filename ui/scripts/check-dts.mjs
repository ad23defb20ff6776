// Fails when the storefront-core package's public declarations use `any`
// (the bindings must type every value through the generated types).
import { readFileSync } from "node:fs";
import ts from "typescript";

const files = ["../../pkg/bundler/storefront_core.d.ts", "../../pkg/types.d.ts"];
let found = 0;
for (const file of files) {
  const path = new URL(file, import.meta.url);
  const source = ts.createSourceFile(file, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (node.kind === ts.SyntaxKind.AnyKeyword) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      console.error(`${file}:${line + 1}: 'any' in the public types: ${node.parent.getText().slice(0, 120)}`);
      found += 1;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
if (found > 0) process.exit(1);
console.log(`check-dts: no 'any' in ${files.length} declaration files`);

// Lists every function in apps/web/src longer than a limit (80 lines by default), counted as ESLint's
// max-lines-per-function counts them with skipBlankLines and skipComments: the lines from the function's
// first to its last, less blank lines and lines holding only comments. Prints `file:line name count`, longest
// first, and exits 1 when any is found, so it can stand as a check.
//   node scripts/long-functions.mjs [--max 80] [dir…]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const args = process.argv.slice(2);
const maxAt = args.indexOf('--max');
const max = maxAt >= 0 ? Number(args.splice(maxAt, 2)[1]) : 80;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dirs = args.length > 0 ? args : ['apps/web/src'];

const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
  const full = path.join(dir, entry.name);
  if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : walk(full);
  return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
});

/** Lines that hold code: not blank, and not covered wholly by comments. Read from the parsed tree's tokens, so
 * JSX text, template strings and regular expressions count where they stand. */
function codeLines(source) {
  const text = source.text;
  const code = new Set();
  const mark = (start, end) => {
    const last = source.getLineAndCharacterOfPosition(end).line;
    for (let line = source.getLineAndCharacterOfPosition(start).line; line <= last; line += 1) {
      const from = Math.max(start, source.getPositionOfLineAndCharacter(line, 0));
      const to = Math.min(end, source.getLineEndOfPosition(from));
      if (text.slice(from, to).trim() !== '') code.add(line);
    }
  };
  const visit = (node) => {
    const children = node.getChildren(source);
    if (children.length === 0) mark(node.getStart(source), node.getEnd());
    else children.forEach(visit);
  };
  visit(source);
  return code;
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) return parent.name.getText();
  if (ts.isCallExpression(parent)) return `${parent.expression.getText().slice(0, 40)}(…)`;
  return '(anonymous)';
}

const found = [];
for (const file of dirs.flatMap((dir) => walk(path.resolve(root, dir)))) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const code = codeLines(source);
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      let lines = 0;
      for (let line = first; line <= last; line += 1) if (code.has(line)) lines += 1;
      if (lines > max) found.push({ where: `${path.relative(root, file)}:${first + 1}`, name: nameOf(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

found.sort((a, b) => b.lines - a.lines);
for (const f of found) console.log(`${f.where} ${f.name} ${f.lines}`);
console.log(found.length === 0 ? `No function over ${max} lines.` : `${found.length} function(s) over ${max} lines.`);
process.exitCode = found.length === 0 ? 0 : 1;

// npm run build -w @coinlane/sdk: dist/esm (ES modules) and dist/cjs (CommonJS), each with its declarations.
//  1. tsc emits dist/esm from src (JavaScript and .d.ts);
//  2. the declarations of src/types.ts are replaced by the expanded ones (expand-types.mjs), so that no emitted
//     file names @coinlane/core or zod;
//  3. each ESM file is transpiled to CommonJS in dist/cjs, the declarations copied beside them, and
//     dist/cjs/package.json says "commonjs".
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expandTypes } from './expand-types.mjs';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const esm = path.join(dist, 'esm');
const cjs = path.join(dist, 'cjs');

fs.rmSync(dist, { recursive: true, force: true });
const tsc = path.join(path.dirname(fileURLToPath(import.meta.resolve('typescript'))), '..', 'bin', 'tsc');
execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

fs.writeFileSync(
  path.join(esm, 'types.d.ts'),
  expandTypes(path.join(root, 'src', 'types.ts'), path.join(root, 'tsconfig.build.json')),
);

const files = (dir) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));

for (const file of files(esm)) {
  const target = path.join(cjs, path.relative(esm, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  if (file.endsWith('.d.ts')) {
    fs.copyFileSync(file, target);
  } else if (file.endsWith('.js')) {
    const { outputText } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
      fileName: file,
    });
    fs.writeFileSync(target, outputText);
  }
}
fs.writeFileSync(path.join(cjs, 'package.json'), `${JSON.stringify({ type: 'commonjs' }, null, 2)}\n`);

// The published declarations must stand alone.
for (const file of files(dist).filter((f) => f.endsWith('.d.ts'))) {
  const text = fs.readFileSync(file, 'utf8');
  if (/@coinlane\/core|from ['"]zod['"]/.test(text)) {
    throw new Error(`${path.relative(root, file)} still refers to @coinlane/core or zod`);
  }
}
console.log(`built ${path.relative(process.cwd(), dist)}: esm, cjs and declarations`);

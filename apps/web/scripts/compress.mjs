#!/usr/bin/env node
// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of dist/ worth
// compressing, at the highest levels (done once here, not per request). The server sends them to clients that
// accept them (@fastify/static preCompressed), so the hosted payment page travels compressed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(?:js|mjs|css|html|svg|json|md|txt|webmanifest)$/;
/** Below this, compression saves less than the extra header costs. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (TEXT.test(entry.name)) compress(file);
  }
}
function compress(file) {
  const raw = fs.readFileSync(file);
  if (raw.length < MIN_BYTES) return;
  const br = zlib.brotliCompressSync(raw, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = zlib.gzipSync(raw, { level: 9 });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, gz);
  files += 1;
  before += raw.length;
  after += br.length;
}
walk(dist);
console.log(
  `compressed ${files} files: ${(before / 1024).toFixed(1)} KB -> ${(after / 1024).toFixed(1)} KB brotli (+ gzip copies)`,
);

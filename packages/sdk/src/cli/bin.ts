#!/usr/bin/env node
/// <reference types="node" />
import { main } from './main.ts';

const interrupted = new Promise<void>((resolve) => {
  process.once('SIGINT', () => resolve());
  process.once('SIGTERM', () => resolve());
});
main(process.argv.slice(2), { interrupted }).then(
  (code) => {
    process.exit(code);
  },
  (err) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);

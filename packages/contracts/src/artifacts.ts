import fs from 'node:fs';
import path from 'node:path';
import type { Hex } from 'viem';
import { type ContractName, contractAbis } from './abi.ts';
import { ARTIFACTS_FILE, type ArtifactsFile, CONTRACTS_DIR, SETTINGS, writeArtifacts } from './compile.ts';

export type TypedArtifact<N extends ContractName> = {
  abi: (typeof contractAbis)[N];
  bytecode: Hex;
  deployedBytecode: Hex;
};

let cached: ArtifactsFile | undefined;

/** True when dist/artifacts.json is missing, older than a source or built with other settings. */
function isStale(): boolean {
  if (!fs.existsSync(ARTIFACTS_FILE)) return true;
  const built = fs.statSync(ARTIFACTS_FILE).mtimeMs;
  const inputs = [
    ...fs.readdirSync(CONTRACTS_DIR).map((f) => path.join(CONTRACTS_DIR, f)),
    new URL('./compile.ts', import.meta.url).pathname,
  ];
  return inputs.some((f) => fs.statSync(f).mtimeMs > built);
}

/**
 * The compiled contracts, from dist/artifacts.json (`npm run build -w @coinlane/contracts`), compiled here on first
 * use when that file is missing or older than the sources, so tests on a fresh clone need no build step (a few
 * seconds once). The server's runtime needs only the ABIs of abi.ts; this is for deploying (tests, bench, operators).
 */
export function loadArtifacts(): ArtifactsFile {
  if (cached) return cached;
  let file: ArtifactsFile | undefined;
  if (!isStale()) {
    try {
      file = JSON.parse(fs.readFileSync(ARTIFACTS_FILE, 'utf8')) as ArtifactsFile;
    } catch {
      file = undefined; // a half-written file of another process: compile ourselves
    }
    if (file && JSON.stringify(file.settings) !== JSON.stringify(SETTINGS)) file = undefined;
  }
  cached = file ?? writeArtifacts();
  return cached;
}

/** One compiled contract with its typed ABI. */
export function artifact<N extends ContractName>(name: N): TypedArtifact<N> {
  const compiled = loadArtifacts().contracts[name];
  if (!compiled) throw new Error(`contract ${name} is not in ${ARTIFACTS_FILE}`);
  return {
    abi: contractAbis[name],
    bytecode: compiled.bytecode,
    deployedBytecode: compiled.deployedBytecode,
  };
}

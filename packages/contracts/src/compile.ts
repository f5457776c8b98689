import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

/** One compiled contract: what viem needs to deploy it and call it. */
export type Artifact = { abi: readonly unknown[]; bytecode: `0x${string}`; deployedBytecode: `0x${string}` };
export type Artifacts = Record<string, Artifact>;
/** What dist/artifacts.json holds. */
export type ArtifactsFile = { solcVersion: string; settings: typeof SETTINGS; contracts: Artifacts };

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CONTRACTS_DIR = path.join(packageDir, 'contracts');
export const ARTIFACTS_FILE = path.join(packageDir, 'dist', 'artifacts.json');

/**
 * Compiler settings (decision 010): optimizer on (200 runs: flushes are called often, deployed once per payment),
 * EVM version `paris` (no PUSH0), so one bytecode runs on every EVM chain Coinlane supports, including those that
 * adopted Shanghai late; the gas difference is a few units per call.
 */
export const SETTINGS = { optimizer: { enabled: true, runs: 200 }, evmVersion: 'paris' } as const;

type SolcOutput = {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
};

/** The .sol files of contracts/, by file name. */
export function readSources(): Record<string, string> {
  const sources: Record<string, string> = {};
  for (const file of fs.readdirSync(CONTRACTS_DIR).sort()) {
    if (file.endsWith('.sol')) sources[file] = fs.readFileSync(path.join(CONTRACTS_DIR, file), 'utf8');
  }
  return sources;
}

/**
 * Compiles every contract of contracts/ with the solc npm package (standard JSON). Throws on any error. Interfaces
 * (no bytecode) are left out of the result.
 */
export function compileContracts(): ArtifactsFile {
  const sources = readSources();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: {
      ...SETTINGS,
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const warnings = (output.errors ?? []).filter((e) => e.severity === 'warning');
  if (warnings.length > 0)
    throw new Error(`solc warnings (fix them):\n${warnings.map((e) => e.formattedMessage).join('\n')}`);
  const contracts: Artifacts = {};
  for (const file of Object.values(output.contracts ?? {})) {
    for (const [name, c] of Object.entries(file)) {
      if (c.evm.bytecode.object === '') continue; // an interface: nothing to deploy
      if (contracts[name]) throw new Error(`two contracts named ${name}`);
      contracts[name] = {
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      };
    }
  }
  return { solcVersion: solc.version() as string, settings: SETTINGS, contracts };
}

/** Compiles and writes dist/artifacts.json atomically (parallel test workers may race: last rename wins). */
export function writeArtifacts(file = ARTIFACTS_FILE): ArtifactsFile {
  const compiled = compileContracts();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(compiled, null, 2)}\n`);
  fs.renameSync(tmp, file);
  return compiled;
}

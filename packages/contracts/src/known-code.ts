import { type Address, type Hex, keccak256, pad } from 'viem';
import { cloneInitCode, forwarderImplementationAddress } from './forwarder-address.ts';

/**
 * The code of the forwarder contract versions Coinlane ships (decision 010, issue 13): the keccak256 of each
 * version's runtime bytecode as solc emits it, i.e. with its immutables left as zeros. A deployed factory's code
 * holds its immutables (`implementation`, `cloneCodeHash`) and a Forwarder implementation's code holds `factory`;
 * `deployedCodeHash` zeroes those words (their values follow from the factory's address) before hashing, so one
 * constant serves a factory at any address. `known-code` is checked against solc's output (v2) and against a v1
 * factory deployed from legacy/ by `contracts.test.ts`.
 */
export const FORWARDER_VERSIONS = [
  {
    version: 'v2',
    factory: '0x39635c63dbd248327268fd1fff6559e347f4c301ef38a705f8759a5e52d108ef',
    forwarder: '0x9160c6d534ac07a1b11d23ab2126fe31f195a8548e018cc22192f2cbb53b8f98',
  },
  {
    version: 'v1',
    factory: '0xbd9f9644946b216d53b4ceec5b8707d3ef7c7d27944a4c2a89a06b8381858e5c',
    forwarder: '0xc10700224b00c4cdf7db9423fca7ac5ea24462c31bfb495a4e756b13f57f5bae',
  },
] as const satisfies readonly { version: string; factory: Hex; forwarder: Hex }[];

export type ForwarderVersion = (typeof FORWARDER_VERSIONS)[number]['version'];

/** The immutable words of a factory at `factory` and of its implementation, as 32-byte hex without 0x. */
function immutableWords(factory: Address): { factory: string[]; forwarder: string[] } {
  const implementation = forwarderImplementationAddress(factory);
  const word = (h: Hex) => h.slice(2).toLowerCase();
  return {
    factory: [word(pad(implementation)), word(keccak256(cloneInitCode(implementation)))],
    forwarder: [word(pad(factory))],
  };
}

/** `code` with every byte-aligned occurrence of each 32-byte `word` replaced by zeros. */
function zeroWords(code: Hex, words: readonly string[]): Hex {
  let hex = code.slice(2).toLowerCase();
  const zeros = '0'.repeat(64);
  for (const w of words) {
    let at = hex.indexOf(w);
    while (at !== -1) {
      if (at % 2 === 0) hex = hex.slice(0, at) + zeros + hex.slice(at + 64);
      at = hex.indexOf(w, at + 1);
    }
  }
  return `0x${hex}`;
}

/**
 * The hash of a deployed factory's (`kind` 'factory') or implementation's ('forwarder') code with its immutables
 * zeroed: equal to keccak256 of solc's deployedBytecode for a contract Coinlane compiled.
 */
export function deployedCodeHash(kind: 'factory' | 'forwarder', factory: Address, code: Hex): Hex {
  return keccak256(zeroWords(code, immutableWords(factory)[kind]));
}

/**
 * The version whose factory and implementation code these are (the code at `factory` and at its implementation,
 * the factory's CREATE at nonce 1), or null when either is not the code of a version Coinlane ships.
 */
export function forwarderCodeVersion({
  factory,
  factoryCode,
  implementationCode,
}: {
  factory: Address;
  factoryCode: Hex;
  implementationCode: Hex;
}): ForwarderVersion | null {
  const f = deployedCodeHash('factory', factory, factoryCode);
  const i = deployedCodeHash('forwarder', factory, implementationCode);
  return FORWARDER_VERSIONS.find((v) => v.factory === f && v.forwarder === i)?.version ?? null;
}

/**
 * The code of the swap forwarder versions Coinlane ships (decision 024), as FORWARDER_VERSIONS: keccak256 of solc's
 * runtime bytecode of SwapForwarderFactory and SwapForwarder, immutables left as zeros. Their immutables are the
 * implementation, the clones' code hash, and the chain's Uniswap contracts (router, wrapped native coin, V3 factory);
 * the implementation's also the factory. Checked against solc's output and a deployed factory by
 * `swap-contracts.test.ts`: any change to the swap contracts' sources changes these.
 */
export const SWAP_FORWARDER_VERSIONS = [
  {
    version: 'swap-v1',
    factory: '0x4945efec5635ba5db2163d4adef6bc19524c483395b79c1c9049a3c4921194f4',
    forwarder: '0x22e585de0972a4cde925386fe738d1004d25cee0e29bb34a1945f97e49b28d13',
  },
] as const satisfies readonly { version: string; factory: Hex; forwarder: Hex }[];

export type SwapForwarderVersion = (typeof SWAP_FORWARDER_VERSIONS)[number]['version'];

/**
 * The swap forwarder version whose factory and implementation code these are (the code at `factory`, bound to the
 * chain's Uniswap contracts `config`, and at its implementation, the factory's CREATE at nonce 1), or null when
 * either is not the code of a version Coinlane ships or is bound to other Uniswap contracts.
 */
export function swapForwarderCodeVersion({
  factory,
  config,
  factoryCode,
  implementationCode,
}: {
  factory: Address;
  config: { router: Address; weth: Address; v3Factory: Address };
  factoryCode: Hex;
  implementationCode: Hex;
}): SwapForwarderVersion | null {
  const implementation = forwarderImplementationAddress(factory);
  const word = (h: Hex) => h.slice(2).toLowerCase();
  const uniswap = [config.router, config.weth, config.v3Factory].map((a) => word(pad(a)));
  const common = [word(keccak256(cloneInitCode(implementation))), ...uniswap];
  const f = keccak256(zeroWords(factoryCode, [word(pad(implementation)), ...common]));
  const i = keccak256(zeroWords(implementationCode, [word(pad(factory)), ...common]));
  return SWAP_FORWARDER_VERSIONS.find((v) => v.factory === f && v.forwarder === i)?.version ?? null;
}

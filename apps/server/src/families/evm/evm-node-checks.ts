import { forwarderFactoryAbi, swapForwarderFactoryAbi } from '@coinlane/contracts/abi';
import { forwarderAddress, forwarderImplementationAddress } from '@coinlane/contracts/forwarder-address';
import { forwarderCodeVersion, swapForwarderCodeVersion } from '@coinlane/contracts/known-code';
import { NETWORKS } from '@coinlane/core/currencies';
import type { EvmChainConfig } from '@coinlane/core/families/evm/evm-chain-config';
import { T } from '@coinlane/core/texts';
import {
  type Address,
  BaseError,
  erc20Abi,
  getAddress,
  HttpRequestError,
  keccak256,
  type PublicClient,
  TimeoutError,
} from 'viem';
import type { Db } from '#app/db/connection.ts';
import type { WatcherLog } from '#app/modules/chains/chain-bookkeeping.ts';
import {
  writeChainId,
  writeVerifiedFactory,
  writeVerifiedSwapFactory,
} from '#app/modules/chains/watcher-findings.ts';
import { knownTokens } from '#app/modules/forwarders/flush-tokens.ts';

/** How often a factory or token check that failed is done again (a contract may be deployed meanwhile). */
const RECHECK_MS = 60_000;
/** The probe of the factory check: any merchant and salt do; these are fixed so the check is reproducible. */
const FACTORY_PROBE = {
  merchant: '0x000000000000000000000000000000000000dEaD',
  paymentSalt: keccak256(new TextEncoder().encode('coinlane factory check')),
} as const;

export class ChainIdMismatch extends Error {}

/** A contract call's failure: the node did not answer (rethrown: not a verdict, the pass fails), else null. */
function unlessUnreachable(err: unknown): null {
  if (
    err instanceof BaseError &&
    err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError)
  ) {
    throw err;
  }
  return null;
}

type Deps = { db: Db; chain: EvmChainConfig; client: PublicClient; log: WatcherLog | undefined };

/** A check's outcome: null until done; its problem, or '' when it passed; and when it was last done. */
type Check = { problem: string | null; checkedAt: number };
/** The factory's check, with the forwarder version whose code it has (once it passed). */
type FactoryCheck = Check & { version: string | null };
/** The tokens' check, with the contracts (lower case) whose decimals() is not the catalogue's. */
type TokensCheck = Check & { bad: Set<string> };

const isDue = (c: Check, now: Date) =>
  c.problem !== '' && (c.problem === null || now.getTime() - c.checkedAt >= RECHECK_MS);

/**
 * What an EVM watcher checks of its node before scanning (docs/decisions/011-evm-watcher.md): the chain id (until
 * it matches; a mismatch fails the pass, nothing is scanned), the configured forwarder factory, the configured swap
 * forwarder factory (decision 024) and the token contracts' decimals (at start, a failed check again every minute; a
 * failure is a standing problem reported as the watcher's error while scanning goes on, and a token whose decimals
 * differ is never credited).
 */
export function createEvmNodeChecks(deps: Deps) {
  const state: {
    chainIdChecked: boolean;
    factory: FactoryCheck;
    swapFactory: FactoryCheck;
    tokens: TokensCheck;
  } = {
    chainIdChecked: false,
    factory: { problem: null, checkedAt: 0, version: null },
    swapFactory: { problem: null, checkedAt: 0, version: null },
    tokens: { problem: null, checkedAt: 0, bad: new Set() },
  };

  return {
    async run(now: Date) {
      if (!state.chainIdChecked) {
        await checkChainId(deps, now);
        state.chainIdChecked = true;
      }
      if (deps.chain.factory && isDue(state.factory, now)) await checkFactory(deps, state.factory, now);
      if (deps.chain.swapFactory && isDue(state.swapFactory, now)) {
        await checkSwapFactory(deps, state.swapFactory, now);
      }
      if (isDue(state.tokens, now)) await checkTokens(deps, state.tokens, now);
    },
    /** Token contracts (lower case) whose decimals() is not the catalogue's: their transfers are never credited. */
    badTokens: (): ReadonlySet<string> => state.tokens.bad,
    /** A factory or a token that failed its check stays the reported error while the scan itself goes on. */
    standingProblem: () =>
      [state.factory.problem, state.swapFactory.problem, state.tokens.problem].filter(Boolean).join(' ') ||
      null,
  };
}

async function checkChainId({ db, chain, client, log }: Deps, now: Date) {
  const found = await client.getChainId();
  if (chain.chainId !== null && found !== chain.chainId) {
    throw new ChainIdMismatch(T.evmChainIdMismatch(chain.network, String(chain.chainId), found));
  }
  await writeChainId(db, chain.network, found, now);
  log?.info({ network: chain.network, chainId: found }, 'EVM node chain id checked');
}

/**
 * The configured forwarder factory (CHAIN_<NETWORK>_FACTORY) must be deployed on this node and predict the
 * deposit addresses Coinlane computes offline, and its code and its implementation's must hash to a version
 * Coinlane ships (known-code.ts: v2, or v1 for old payments); otherwise funds paid to them could never be
 * flushed, or could be moved by code that is not Coinlane's. The result is stored (`chain_cursors.factory`):
 * forwarder addresses are handed out only under a verified factory. Single-address and xpub wallets do not
 * need the factory, so a failure does not stop scanning.
 */
async function checkFactory(deps: Deps, check: FactoryCheck, now: Date) {
  const { db, chain, log } = deps;
  const factory = getAddress(chain.factory!);
  const { problem, version } = await factoryProblem(deps, factory);
  if (version) check.version = version;
  check.checkedAt = now.getTime();
  if (problem !== check.problem) {
    if (problem) log?.error({ network: chain.network, factory }, problem);
    else log?.info({ network: chain.network, factory, version: check.version }, 'forwarder factory checked');
    await writeVerifiedFactory(db, chain.network, problem ? null : factory, now);
  }
  check.problem = problem;
}

/** The factory's problem ('' when none) and, when its code is known, its forwarder version. */
async function factoryProblem(
  { chain, client }: Deps,
  factory: Address,
): Promise<{ problem: string; version?: string }> {
  const name = NETWORKS[chain.network].name;
  const code = await client.getCode({ address: factory });
  if (!code || code === '0x') return { problem: T.evmFactoryNotDeployed(name, factory) };
  const expected = forwarderAddress({ factory, ...FACTORY_PROBE });
  const predicted = await client
    .readContract({
      address: factory,
      abi: forwarderFactoryAbi,
      functionName: 'predict',
      args: [FACTORY_PROBE.merchant, FACTORY_PROBE.paymentSalt],
    })
    .catch(unlessUnreachable); // reverted, or no such function: not Coinlane's factory
  if (!predicted || predicted.toLowerCase() !== expected.toLowerCase()) {
    return { problem: T.evmFactoryMismatch(name, factory) };
  }
  // Issue 13: predicting the addresses is not enough, the code that will move the funds must be Coinlane's (the
  // factory's and the implementation's every clone delegates to): a known version's code hash.
  const implementationCode = await client.getCode({ address: forwarderImplementationAddress(factory) });
  const version = forwarderCodeVersion({
    factory,
    factoryCode: code,
    implementationCode: implementationCode ?? '0x',
  });
  return version ? { problem: '', version } : { problem: T.evmFactoryCodeUnknown(name, factory) };
}

/**
 * The configured swap forwarder factory (CHAIN_<NETWORK>_SWAP_FACTORY, decision 024) must be deployed on this node,
 * its code and its implementation's must hash to a version Coinlane ships (known-code.ts swapForwarderCodeVersion,
 * given the Uniswap contracts it is bound to: its immutables router, weth and v3Factory, read from it), and those
 * must be contracts on this node; otherwise the money paid to its deposit addresses could be moved by code that is not
 * Coinlane's, or never swapped. The result is stored (`chain_cursors.swap_factory`): swapping deposit addresses are
 * handed out, and payout rules' routes found, only under a verified swap factory. Payments under no rule do not need
 * it, so a failure does not stop scanning.
 */
async function checkSwapFactory(deps: Deps, check: FactoryCheck, now: Date) {
  const { db, chain, log } = deps;
  const factory = getAddress(chain.swapFactory!);
  const { problem, version } = await swapFactoryProblem(deps, factory);
  if (version) check.version = version;
  check.checkedAt = now.getTime();
  if (problem !== check.problem) {
    if (problem) log?.error({ network: chain.network, swapFactory: factory }, problem);
    else
      log?.info({ network: chain.network, swapFactory: factory, version }, 'swap forwarder factory checked');
    await writeVerifiedSwapFactory(db, chain.network, problem ? null : factory, now);
  }
  check.problem = problem;
}

/** The swap factory's problem ('' when none) and, when its code is known, its version. */
async function swapFactoryProblem(
  { chain, client }: Deps,
  factory: Address,
): Promise<{ problem: string; version?: string }> {
  const name = NETWORKS[chain.network].name;
  const code = await client.getCode({ address: factory });
  if (!code || code === '0x') return { problem: T.evmSwapFactoryNotDeployed(name, factory) };
  const unknown = { problem: T.evmSwapFactoryCodeUnknown(name, factory) };
  // its Uniswap contracts, as its own immutables say (no such functions, or a revert: not Coinlane's factory)
  const read = (functionName: 'router' | 'weth' | 'v3Factory') =>
    client
      .readContract({ address: factory, abi: swapForwarderFactoryAbi, functionName })
      .catch(unlessUnreachable);
  const [router, weth, v3Factory] = await Promise.all([read('router'), read('weth'), read('v3Factory')]);
  if (!router || !weth || !v3Factory) return unknown;
  const implementationCode = await client.getCode({ address: forwarderImplementationAddress(factory) });
  const version = swapForwarderCodeVersion({
    factory,
    config: { router, weth, v3Factory },
    factoryCode: code,
    implementationCode: implementationCode ?? '0x',
  });
  if (!version) return unknown;
  for (const [contract, address] of [
    ['SwapRouter02', router],
    ['wrapped native coin', weth],
    ['V3 factory', v3Factory],
  ] as const) {
    const found = await client.getCode({ address });
    if (!found || found === '0x') {
      return {
        problem: T.evmSwapFactoryUniswapMissing(name, factory, contract, getAddress(address)),
        version,
      };
    }
  }
  return { problem: '', version };
}

/**
 * The decimals of every token contract payments may use on this network (CHAIN_<NETWORK>_TOKENS and, on
 * mainnet, the catalogue's contracts) must be the catalogue's, else amounts would be credited at a wrong scale
 * (issue 13): a contract that differs, or has no decimals(), is reported as the watcher's error (health) and
 * its transfers are never credited.
 */
async function checkTokens({ db, chain, client, log }: Deps, check: TokensCheck, now: Date) {
  const problems: string[] = [];
  const bad = new Set<string>();
  for (const token of await knownTokens({ db, chain })) {
    const found = await client
      .readContract({ address: token.address, abi: erc20Abi, functionName: 'decimals' })
      .catch(unlessUnreachable);
    if (found !== token.decimals) {
      bad.add(token.address.toLowerCase());
      const name = NETWORKS[chain.network].name;
      problems.push(T.evmTokenDecimalsMismatch(name, token.symbol, token.address, found, token.decimals));
    }
  }
  check.checkedAt = now.getTime();
  const problem = problems.join(' ');
  if (problem !== check.problem) {
    if (problem) log?.error({ network: chain.network, tokens: [...bad] }, problem);
    else if (check.problem !== null) log?.info({ network: chain.network }, 'token contracts checked');
  }
  check.bad = bad;
  check.problem = problem;
}

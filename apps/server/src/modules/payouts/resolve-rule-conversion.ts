import type { TConversionMethod, TCreatePayoutRuleRequest } from '@coinlane/core/api/payouts';
import {
  getCryptoCurrency,
  NETWORKS,
  networksOf,
  normalizeNetworkId,
  type TNetworkId,
} from '@coinlane/core/currencies';
import { AppError, type TErrorCode } from '@coinlane/core/errors';
import { CORE_FAMILIES } from '@coinlane/core/families/index';
import { T } from '@coinlane/core/texts';
import type { Selectable } from 'kysely';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { TSwapRoute, WalletsTable } from '#app/db/schema.ts';
import { chainTokenContract } from '#app/lib/chain-config.ts';
import { chainConfigOf } from '#app/lib/is-live-network.ts';
import { catalogueContract } from '#app/modules/currencies/catalogue-contract.ts';
import { selectOwnWalletRow } from './queries.ts';
import type { SwapRouteFinder } from './swap-route-finder.ts';

/** A refusal about one field of the rule form (400 unless said), never a 500. */
function refuse(field: string, message: string, code: TErrorCode = 'VALIDATION_ERROR'): never {
  throw new AppError(code, { message, details: { fields: { [field]: message } } });
}

/**
 * The network a rule's payments arrive on: the one named (aliases such as bsc accepted), or the coin's only
 * network in the catalogue; a coin on several networks needs one ('Please select a network for USDT'). A coin of
 * no network Coinlane knows (FDUSD, USDe, PYUSD, TUSD, FRAX, USDD, EURC) or on a network of no chain family (SOL,
 * ADA, USDT on Tron) is refused: Coinlane cannot receive it, so there is nothing to convert.
 */
export function ruleFromNetwork(fromCurrency: string, fromNetwork: string | undefined): TNetworkId {
  const networks = networksOf(fromCurrency);
  if (networks.length === 0) refuse('fromCurrency', T.payoutFromNotReceivable(fromCurrency));
  let network: TNetworkId;
  if (fromNetwork) {
    const id = normalizeNetworkId(fromNetwork);
    if (!id || !networks.includes(id)) refuse('fromNetwork', T.networkUnsupported(fromCurrency, fromNetwork));
    network = id;
  } else {
    if (networks.length > 1) refuse('fromNetwork', T.selectNetwork(fromCurrency));
    network = networks[0]!;
  }
  const family = NETWORKS[network].family;
  if (!CORE_FAMILIES.some((f) => f.id === family)) {
    refuse('fromNetwork', T.payoutFromNetworkNotReceivable(fromCurrency, NETWORKS[network].name));
  }
  // Tron payments are received, but neither converter serves them: no swapping contract is deployed there and the
  // exchange shift takes Bitcoin-family coins only (decisions 024 and 025); they reach the merchant's Tron wallet.
  if (!(CONVERTING_FAMILIES as readonly string[]).includes(family)) {
    refuse('fromNetwork', T.payoutFromNetworkNotConverted(fromCurrency, NETWORKS[network].name));
  }
  return network;
}

/** The families whose payments a rule converts: EVM by a swap in the deposit contract, UTXO by an exchange's shift. */
const CONVERTING_FAMILIES = ['evm', 'utxo'] as const;

/** How a payment of `network` is converted: a swap in its EVM deposit contract, or an exchange's shift. */
export const conversionMethodOf = (network: TNetworkId): TConversionMethod =>
  NETWORKS[network].family === 'evm' ? 'swap' : 'shift';

/**
 * The rule's wallet, checked: the merchant's own and not deleted, whitelisted, of the rule's To currency, one
 * address (a conversion pays one fixed address, never a key's derived ones); for a swap on the From network itself.
 */
export function checkRuleWallet(
  wallet: Selectable<WalletsTable> | undefined,
  { toCurrency, network }: { toCurrency: string; network: TNetworkId },
): Selectable<WalletsTable> {
  if (!wallet) refuse('walletId', T.payoutWalletNotFound);
  if (!wallet.verified) refuse('walletId', T.payoutWalletNotVerified);
  if (wallet.currency !== toCurrency) refuse('walletId', T.payoutWalletCurrency(wallet.currency, toCurrency));
  if (wallet.kind !== 'address') refuse('walletId', T.payoutWalletIsKey);
  if (conversionMethodOf(network) === 'swap' && wallet.network !== network) {
    refuse('walletId', T.payoutWalletOtherNetwork(toCurrency, NETWORKS[network].name));
  }
  return wallet;
}

/** A token's contract on a configured EVM chain (null for the native coin); refused when the chain has none. */
async function tokenOn({
  db,
  config,
  symbol,
  network,
  field,
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  symbol: string;
  network: TNetworkId;
  field: string;
}): Promise<string | null> {
  const coin = getCryptoCurrency(symbol, network);
  if (coin?.native) return null;
  const chain = chainConfigOf({ network, config })!;
  const contract = coin
    ? chainTokenContract(chain, symbol, await catalogueContract({ db, symbol, network }))
    : null;
  if (!contract)
    refuse(field, T.payoutTokenMissing(symbol, NETWORKS[network].name), 'NETWORK_NOT_CONFIGURED');
  return contract;
}

/**
 * The Uniswap V3 route of a swap rule: the network's node and swap factory configured, both tokens known there,
 * and a pool path between them. Network I/O (the finder reads the chain): call it outside any transaction.
 */
async function findSwapRoute({
  db,
  config,
  finder,
  fromCurrency,
  toCurrency,
  network,
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  finder: SwapRouteFinder;
  fromCurrency: string;
  toCurrency: string;
  network: TNetworkId;
}): Promise<TSwapRoute> {
  const name = NETWORKS[network].name;
  if (!chainConfigOf({ network, config }))
    refuse('fromNetwork', T.payoutNoNode(name), 'NETWORK_NOT_CONFIGURED');
  if (!finder.hasSwapFactory(network))
    refuse('fromNetwork', T.payoutNoSwapFactory(name), 'NETWORK_NOT_CONFIGURED');
  const tokenIn = await tokenOn({ db, config, symbol: fromCurrency, network, field: 'fromCurrency' });
  const tokenOut = (await tokenOn({ db, config, symbol: toCurrency, network, field: 'toCurrency' }))!;
  let route: TSwapRoute | null;
  try {
    route = await finder.findRoute({ network, tokenIn, tokenOut });
  } catch (err) {
    // the finder's own refusal (the swap factory not verified on the node yet) says why; a node that did not answer
    // is "try again"
    if (err instanceof AppError) throw err;
    throw new AppError('SERVICE_UNAVAILABLE', { message: T.payoutRouteCheckFailed(name) });
  }
  if (!route) refuse('toCurrency', T.payoutNoRoute(fromCurrency, toCurrency, name));
  return route;
}

export type ResolvedRuleConversion = {
  fromCurrency: string;
  fromNetwork: TNetworkId;
  toCurrency: string;
  wallet: Selectable<WalletsTable>;
  method: TConversionMethod;
  swapRoute: TSwapRoute | null;
};

/**
 * Everything a new rule must satisfy apart from its uniqueness, each refusal with its message and field
 * (decision 024, "Rules and the switch"): the currencies (From one of the 21 and receivable, To one of the 10
 * stablecoins, different), the network, the wallet, and for an EVM From a Uniswap V3 route on that network.
 * Reads the database and, for a swap, the chain through the finder: outside the insert's transaction.
 */
export async function resolveRuleConversion({
  db,
  config,
  finder,
  userId,
  input,
}: {
  db: Db;
  config: Pick<Config, 'configuredChains'>;
  finder: SwapRouteFinder;
  userId: string;
  input: Pick<TCreatePayoutRuleRequest, 'fromCurrency' | 'fromNetwork' | 'toCurrency' | 'walletId'>;
}): Promise<ResolvedRuleConversion> {
  const { fromCurrency, toCurrency } = input;
  if (fromCurrency === toCurrency) refuse('toCurrency', T.payoutSameCurrency);
  const fromNetwork = ruleFromNetwork(fromCurrency, input.fromNetwork);
  const wallet = checkRuleWallet(await selectOwnWalletRow(db, { id: input.walletId, userId }), {
    toCurrency,
    network: fromNetwork,
  });
  const method = conversionMethodOf(fromNetwork);
  const swapRoute =
    method === 'swap'
      ? await findSwapRoute({ db, config, finder, fromCurrency, toCurrency, network: fromNetwork })
      : null;
  return { fromCurrency, fromNetwork, toCurrency, wallet, method, swapRoute };
}

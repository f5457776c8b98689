import { CRYPTO_CURRENCIES } from '../../currencies.ts';
import type { TChainConfigBase, TChainConfigReader } from '../family.ts';
import { checkTronAddress, type TTronAddress } from './tron-keys.ts';

/**
 * Tron with a node's HTTP API (a full node's `/wallet/*` endpoints, or TronGrid which serves the same;
 * docs/decisions/025-tron.md):
 * - apiKey: CHAIN_TRON_API_KEY, sent as TronGrid's `TRON-PRO-API-KEY` header (a full node of one's own needs none);
 *   a secret, redacted in logs and never echoed in configuration errors;
 * - tokens: symbol -> TRC-20 contract (CHAIN_TRON_TOKENS=USDT:T...; on mainnet a listed token overrides
 *   supported_cryptocurrencies.contract_address, on testnet (Shasta, Nile) and regtest (a private network) only listed
 *   tokens exist).
 */
export type TronChainConfig = TChainConfigBase<'tron'> & {
  apiKey: string | null;
  tokens: Readonly<Record<string, TTronAddress>>;
};

export const isTronChain = (c: TChainConfigBase): c is TronChainConfig => c.family === 'tron';

/**
 * A token's contract on a configured Tron chain: CHAIN_TRON_TOKENS, else on mainnet the catalogue's contract; null
 * when the chain has none.
 */
export function tronTokenContract(
  chain: TronChainConfig,
  symbol: string,
  catalogueContract: string | null,
): TTronAddress | null {
  return chain.tokens[symbol] ?? (chain.mode === 'mainnet' ? catalogueContract : null);
}

/** CHAIN_TRON_API_KEY and CHAIN_TRON_TOKENS. */
export const tronChainConfig: TChainConfigReader<TronChainConfig> = {
  variables: ['API_KEY', 'TOKENS'],
  rpcUrl: { needsPort: false, example: 'https://api.trongrid.io or http://127.0.0.1:8090' },
  read({ base, prefix, variable, errors }) {
    const before = errors.length;
    const apiKey = variable('API_KEY') ?? null;
    if (apiKey !== null && !/^[\x21-\x7e]{1,200}$/.test(apiKey)) {
      errors.push(`${prefix}API_KEY: must be the API key TronGrid gave (printable characters, no spaces)`);
    }
    const tokens: Record<string, TTronAddress> = {};
    const tokenText = variable('TOKENS');
    const known = CRYPTO_CURRENCIES.filter((c) => c.network === base.network && !c.native).map(
      (c) => c.symbol,
    );
    for (const part of (tokenText ?? '')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean)) {
      const m = /^([A-Za-z0-9]{1,20}):(.+)$/.exec(part);
      const symbol = m?.[1]?.toUpperCase();
      if (!m || !symbol) {
        errors.push(
          `${prefix}TOKENS: each entry is SYMBOL:CONTRACT, such as USDT:TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t`,
        );
        continue;
      }
      if (!known.includes(symbol)) {
        errors.push(
          `${prefix}TOKENS: ${symbol} is not a token of ${base.network} (known: ${known.join(', ')})`,
        );
        continue;
      }
      try {
        tokens[symbol] = checkTronAddress(m[2]!);
      } catch (err) {
        errors.push(`${prefix}TOKENS: ${symbol}: ${(err as Error).message}`);
      }
    }
    if (errors.length > before) return null;
    return { family: 'tron', ...base, apiKey, tokens };
  },
  tokenContract: tronTokenContract,
};

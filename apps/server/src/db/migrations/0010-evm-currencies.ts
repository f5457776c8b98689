import { randomId } from '@coinlane/core/ids';
import { type Kysely, sql } from 'kysely';

/**
 * Issue 7 (live EVM chains): ETH and the stablecoins on every EVM network Coinlane watches. 0002 seeded the
 * merchant spec's link currencies; arbitrum and optimism had none, and DAI was on ethereum only. Written out
 * (not read from @coinlane/core) so the migration stays what it shipped as; a test checks that 0002 + 0010 are
 * the catalogue. Contracts are the issuers' canonical deployments (native USDC by Circle where one exists, not
 * the bridged USDC.e), EIP-55 checksummed (a test checks every seeded contract's checksum). Bridged ETH on
 * polygon, BNB Smart Chain and avalanche (WETH tokens) is not seeded: "ETH" there would mislead a payer.
 */
type Seed = {
  symbol: string;
  name: string;
  network: string;
  decimals: number;
  contract: string | null;
  confirmations: number;
  min: string;
};

// biome-ignore format: one currency per line reads as a table
export const EVM_CURRENCY_SEED: readonly Seed[] = [
  { symbol: 'ETH', name: 'Ethereum', network: 'arbitrum', decimals: 18, contract: null, confirmations: 64, min: '0.00000001' },
  { symbol: 'ETH', name: 'Ethereum', network: 'optimism', decimals: 18, contract: null, confirmations: 30, min: '0.00000001' },
  { symbol: 'USDT', name: 'Tether USD', network: 'avalanche', decimals: 6, contract: '0x9702230A8Ea53601f5cD2dc00fDBc13d4dF4A8c7', confirmations: 1, min: '0.01' },
  { symbol: 'USDT', name: 'Tether USD', network: 'arbitrum', decimals: 6, contract: '0xFd086bC7CD5C481DCC9C85ebE478A1C0b69FCbb9', confirmations: 64, min: '0.01' },
  { symbol: 'USDT', name: 'Tether USD', network: 'optimism', decimals: 6, contract: '0x94b008aA00579c1307B0EF2c499aD98a8ce58e58', confirmations: 30, min: '0.01' },
  { symbol: 'USDC', name: 'USD Coin', network: 'arbitrum', decimals: 6, contract: '0xaf88d065e77c8cC2239327C5EDb3A432268e5831', confirmations: 64, min: '0.01' },
  { symbol: 'USDC', name: 'USD Coin', network: 'optimism', decimals: 6, contract: '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85', confirmations: 30, min: '0.01' },
  { symbol: 'DAI', name: 'Dai', network: 'polygon', decimals: 18, contract: '0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063', confirmations: 128, min: '0.01' },
  { symbol: 'DAI', name: 'Dai', network: 'binance-smart-chain', decimals: 18, contract: '0x1AF3F329e8BE154074D8769D1FFa4eE058B1DBc3', confirmations: 15, min: '0.01' },
  { symbol: 'DAI', name: 'Dai', network: 'avalanche', decimals: 18, contract: '0xd586E7F844cEa2F87f50152665BCbc2C279D8d70', confirmations: 1, min: '0.01' },
  { symbol: 'DAI', name: 'Dai', network: 'arbitrum', decimals: 18, contract: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', confirmations: 64, min: '0.01' },
  { symbol: 'DAI', name: 'Dai', network: 'optimism', decimals: 18, contract: '0xDA10009cBd5D07dd0CeCc66161FC93D7c9000da1', confirmations: 30, min: '0.01' },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const c of EVM_CURRENCY_SEED) {
    // An administrator may already have added the pair by hand: keep theirs.
    await sql`
      INSERT INTO supported_cryptocurrencies
        (id, symbol, name, network, decimals, contract_address, min_amount, max_amount, required_confirmations)
      SELECT ${randomId('cur')}, ${c.symbol}, ${c.name}, ${c.network}, ${c.decimals}, ${c.contract},
             ${c.min}::numeric, 1000000, ${c.confirmations}
      WHERE NOT EXISTS (
        SELECT 1 FROM supported_cryptocurrencies WHERE symbol = ${c.symbol} AND network = ${c.network}
      )
    `.execute(db);
  }
}

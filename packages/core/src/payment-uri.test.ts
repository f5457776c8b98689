import { describe, expect, it } from 'vitest';
import { buildPaymentUri, type TPaymentUriInput } from './payment-uri.ts';

const base = { message: null, contractAddress: null, chainId: null } as const;

describe('buildPaymentUri', () => {
  it.each<[string, TPaymentUriInput, string]>([
    [
      'BIP21 bitcoin with amount and message',
      {
        ...base,
        symbol: 'BTC',
        network: 'bitcoin',
        family: 'utxo',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        amount: 123_456n,
        decimals: 8,
        message: "Order #42 (Bob's)",
      },
      'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00123456&message=Order%20%2342%20%28Bob%27s%29',
    ],
    [
      'BIP21 litecoin, whole coins',
      {
        ...base,
        symbol: 'LTC',
        network: 'litecoin',
        family: 'utxo',
        address: 'ltc1qxyz',
        amount: 200_000_000n,
        decimals: 8,
      },
      'litecoin:ltc1qxyz?amount=2',
    ],
    [
      'BIP21 dogecoin',
      {
        ...base,
        symbol: 'DOGE',
        network: 'dogecoin',
        family: 'utxo',
        address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
        amount: 150_000_000n,
        decimals: 8,
      },
      'dogecoin:DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L?amount=1.5',
    ],
    [
      'BIP21 bitcoin cash does not repeat a CashAddr prefix',
      {
        ...base,
        symbol: 'BCH',
        network: 'bitcoin-cash',
        family: 'utxo',
        address: 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a',
        amount: 1n,
        decimals: 8,
      },
      'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.00000001',
    ],
    [
      'BIP21 bitcoin cash on testnet: the CashAddr prefix is the scheme',
      {
        ...base,
        symbol: 'BCH',
        network: 'bitcoin-cash',
        family: 'utxo',
        address: 'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4',
        amount: 150_000_000n,
        decimals: 8,
      },
      'bchtest:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ymst35fx4?amount=1.5',
    ],
    [
      'BIP21 bitcoin cash on regtest',
      {
        ...base,
        symbol: 'BCH',
        network: 'bitcoin-cash',
        family: 'utxo',
        address: 'bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n',
        amount: 1n,
        decimals: 8,
      },
      'bchreg:qqaz6s295ncfs53m86qj0uw6sl8u2kuw0ypvash69n?amount=0.00000001',
    ],
    [
      'BIP21 bitcoin cash, a payment stored in the legacy form',
      {
        ...base,
        symbol: 'BCH',
        network: 'bitcoin-cash',
        family: 'utxo',
        address: '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
        amount: 1n,
        decimals: 8,
      },
      'bitcoincash:1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu?amount=0.00000001',
    ],
    [
      'EIP-681 native ether, value in wei',
      {
        ...base,
        symbol: 'ETH',
        network: 'ethereum',
        family: 'evm',
        chainId: 1,
        address: '0xfb6916095ca1df60bb79Ce92cE3Ea74c37c5d359',
        amount: 2_014_000_000_000_000_000n,
        decimals: 18,
      },
      'ethereum:0xfb6916095ca1df60bb79Ce92cE3Ea74c37c5d359@1?value=2014000000000000000',
    ],
    [
      'EIP-681 native coin of another EVM chain carries its chain id',
      {
        ...base,
        symbol: 'AVAX',
        network: 'avalanche',
        family: 'evm',
        chainId: 43114,
        address: '0xabc',
        amount: 5n,
        decimals: 18,
      },
      'ethereum:0xabc@43114?value=5',
    ],
    [
      'EIP-681 6-decimal token transfer',
      {
        ...base,
        symbol: 'USDT',
        network: 'ethereum',
        family: 'evm',
        chainId: 1,
        contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        address: '0x1111111111111111111111111111111111111111',
        amount: 10_500_000n,
        decimals: 6,
      },
      'ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=0x1111111111111111111111111111111111111111&uint256=10500000',
    ],
    [
      'EIP-681 18-decimal token: units, not amount times 1e6',
      {
        ...base,
        symbol: 'USDT',
        network: 'binance-smart-chain',
        family: 'evm',
        chainId: 56,
        contractAddress: '0x55d398326f99059fF775485246999027B3197955',
        address: '0x2222222222222222222222222222222222222222',
        amount: 10_500_000_000_000_000_000n,
        decimals: 18,
      },
      'ethereum:0x55d398326f99059fF775485246999027B3197955@56/transfer?address=0x2222222222222222222222222222222222222222&uint256=10500000000000000000',
    ],
    [
      'other networks: the lower-case code as scheme',
      {
        ...base,
        symbol: 'SOL',
        network: 'solana',
        family: 'other',
        address: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
        amount: 1_500_000_000n,
        decimals: 9,
      },
      'sol:7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU?amount=1.5',
    ],
    [
      'USDT on Tron: the plain address, the form Tron wallets scan (they take the amount from the page)',
      {
        ...base,
        symbol: 'USDT',
        network: 'tron',
        family: 'tron',
        contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        address: 'TN9RRaXkCFtTXRso2GdTZxSxxwufzxLQPP',
        amount: 25_000_000n,
        decimals: 6,
        message: 'Invoice 7',
      },
      'TN9RRaXkCFtTXRso2GdTZxSxxwufzxLQPP',
    ],
  ])('%s', (_name, input, uri) => {
    expect(buildPaymentUri(input)).toBe(uri);
  });

  it('refuses an EVM network without chain id, and a negative amount', () => {
    expect(() =>
      buildPaymentUri({
        ...base,
        symbol: 'ETH',
        network: 'ethereum',
        family: 'evm',
        address: '0x1',
        amount: 1n,
        decimals: 18,
      }),
    ).toThrow(/chain id/);
    expect(() =>
      buildPaymentUri({
        ...base,
        symbol: 'BTC',
        network: 'bitcoin',
        family: 'utxo',
        address: 'x',
        amount: -1n,
        decimals: 8,
      }),
    ).toThrow(RangeError);
  });
});

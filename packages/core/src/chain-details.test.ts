import { describe, expect, it } from 'vitest';
import { parseChainDetails } from './chain-details.ts';

const SALT = `0x${'ab'.repeat(32)}`;
const FACTORY = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('parseChainDetails', () => {
  it('reads the details of each family', () => {
    expect(parseChainDetails('evm', { chainId: 1, depositSalt: SALT, forwarderFactory: FACTORY })).toEqual({
      chainId: 1,
      depositSalt: SALT,
      forwarderFactory: FACTORY,
    });
    expect(parseChainDetails('evm', { chainId: 137 })).toEqual({ chainId: 137 });
    expect(parseChainDetails('evm', {})).toEqual({});
    expect(parseChainDetails('utxo', {})).toEqual({});
    expect(parseChainDetails('other', {})).toEqual({});
  });

  it.each([
    ['evm', { chainId: '1' }],
    ['evm', { chainId: 1, depositSalt: 'abc' }],
    ['evm', { chainId: 1, depositSalt: SALT.toUpperCase() }],
    ['evm', { chainId: 1, forwarderFactory: '0x12' }],
    ['evm', { chainId: 1, salt: SALT }],
    ['evm', null],
    ['evm', []],
    ['utxo', { chainId: 1 }],
    ['other', { depositSalt: SALT }],
  ] as const)('refuses %s details %j', (family, value) => {
    expect(() => parseChainDetails(family, value)).toThrow(`fit the ${family} family`);
  });
});

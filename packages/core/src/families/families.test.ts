import { describe, expect, it } from 'vitest';
import { getCryptoCurrency, NETWORK_IDS, NETWORKS } from '../currencies.ts';
import { CORE_FAMILIES, coreFamilyOf, networkFamily } from './index.ts';
import { WalletInputError } from './wallet-input.ts';

describe('CORE_FAMILIES', () => {
  it('has one object per family the catalogue names, none for other', () => {
    const ids = CORE_FAMILIES.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    const named = new Set<string>(NETWORK_IDS.map((n) => NETWORKS[n].family));
    named.delete('other');
    expect([...named].sort()).toEqual([...ids].sort());
    expect(coreFamilyOf('other')).toBeUndefined();
    expect(networkFamily('solana')).toBeUndefined();
  });

  it("describes each family's wallet form", () => {
    expect(networkFamily('bitcoin')?.describeWalletInput('bitcoin')).toEqual({
      keyScriptTypes: ['p2wpkh', 'p2sh-p2wpkh', 'p2pkh'],
      receiveModes: false,
      showNetworkName: false,
      placeholder: { address: 'bc1q…', key: 'zpub…' },
    });
    expect(networkFamily('dogecoin')?.describeWalletInput('dogecoin').keyScriptTypes).toEqual(['p2pkh']);
    // Bitcoin Cash: its CashAddr form, and the BIP44 account key its wallets export.
    expect(networkFamily('bitcoin-cash')?.describeWalletInput('bitcoin-cash').placeholder).toEqual({
      address: 'bitcoincash:q…',
      key: 'xpub…',
    });
    expect(networkFamily('polygon')?.describeWalletInput('polygon')).toEqual({
      keyScriptTypes: [],
      receiveModes: true,
      showNetworkName: true,
      placeholder: { address: '0x…', key: 'xpub…' },
    });
  });

  it('takes wallets for native UTXO coins and every coin of an EVM network', () => {
    const accepts = (symbol: string, network: string) => {
      const coin = getCryptoCurrency(symbol, network)!;
      return networkFamily(coin.network)?.acceptsWalletCoin(coin);
    };
    expect(accepts('LTC', 'litecoin')).toBe(true);
    expect(accepts('ETH', 'ethereum')).toBe(true);
    expect(accepts('USDT', 'polygon')).toBe(true);
  });

  it("parses wallet input with the family's parser", () => {
    const evm = coreFamilyOf('evm')!;
    expect(
      evm.parseWalletInput({
        network: 'ethereum',
        chainMode: 'mainnet',
        text: '0x52908400098527886e0f7030069857d2e4169ee7',
      }),
    ).toEqual({ kind: 'address', address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    const utxo = coreFamilyOf('utxo')!;
    expect(() => utxo.parseWalletInput({ network: 'litecoin', chainMode: 'regtest', text: '' })).toThrow(
      WalletInputError,
    );
    expect(() => utxo.parseWalletInput({ network: 'ethereum', chainMode: 'mainnet', text: 'x' })).toThrow(
      WalletInputError,
    );
  });

  it('presents EVM details: the recorded chain id, else the network one, and a forwarder', () => {
    const evm = coreFamilyOf('evm')!;
    const salt = `0x${'ab'.repeat(32)}`;
    expect(evm.presentDetails({}, { chainId: 1 })).toEqual({ chainId: 1, forwarder: null });
    expect(evm.presentDetails({ chainId: 31337, depositSalt: salt }, { chainId: 1 })).toEqual({
      chainId: 31337,
      forwarder: { depositSalt: salt, forwarderFactory: null },
    });
    expect(coreFamilyOf('utxo')!.presentDetails({}, { chainId: null })).toEqual({
      chainId: null,
      forwarder: null,
    });
  });
});

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { WalletForm } from './wallet-form.tsx';

// EVM wallets in the form: coins per network, the receive mode for an address, none for an xpub.
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { payouts: locales.en } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

function setup() {
  const onSubmit = vi.fn();
  render(<WalletForm busy={false} error={null} onSubmit={onSubmit} onCancel={() => {}} />);
  const address = screen.getByLabelText('Address or extended public key');
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Wallet' }));
  return { onSubmit, address, submit };
}

describe('WalletForm on EVM networks', () => {
  it('offers EVM coins by network and sends the receive mode of an address (forwarder by default)', () => {
    const { onSubmit, address, submit } = setup();
    expect(screen.getByRole('option', { name: 'USDT (Polygon)' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'USDT@polygon' } });
    expect(screen.queryByLabelText('Receive payments')).toBeTruthy();
    fireEvent.change(address, { target: { value: ADDRESS } });
    submit();
    expect(onSubmit).toHaveBeenLastCalledWith({
      currency: 'USDT',
      network: 'polygon',
      address: ADDRESS,
      receiveMode: 'forwarder',
    });
    fireEvent.change(screen.getByLabelText('Receive payments'), { target: { value: 'single' } });
    submit();
    expect(onSubmit).toHaveBeenLastCalledWith({
      currency: 'USDT',
      network: 'polygon',
      address: ADDRESS,
      receiveMode: 'single',
    });
  });

  it('sends an xpub without a receive mode, and keeps a raw private key in the browser', () => {
    const { onSubmit, address, submit } = setup();
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'ETH' } });
    fireEvent.change(address, { target: { value: XPUB } });
    expect(screen.queryByLabelText('Receive payments')).toBeNull();
    expect(screen.queryByLabelText('Address type')).toBeNull();
    submit();
    expect(onSubmit).toHaveBeenLastCalledWith({ currency: 'ETH', network: 'ethereum', address: XPUB });
    fireEvent.change(address, { target: { value: `0x${'ab'.repeat(32)}` } });
    submit();
    expect(screen.getByText(locales.en.errors.privateKey)).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('offers no receive mode on UTXO coins', () => {
    setup();
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'LTC' } });
    expect(screen.queryByLabelText('Receive payments')).toBeNull();
  });
});

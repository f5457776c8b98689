import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { WalletForm } from './wallet-form.tsx';

const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const XPUB =
  'xpub6BosfCnifzxcFwrSzQiqu2DBVTshkCXacvNsWGYJVVhhawA7d4R5WSWGFNbi8Aw6ZRc1brxMyWMzG3DSSSSoekkudhUd9yLb6qx39T9nMdj';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { payouts: locales.en }, fr: { payouts: locales.fr } },
    interpolation: { escapeValue: false },
  });
});
afterEach(() => {
  cleanup();
  void i18n.changeLanguage('en');
});

function setup(error: string | null = null) {
  const onSubmit = vi.fn();
  render(<WalletForm busy={false} error={error} onSubmit={onSubmit} onCancel={() => {}} />);
  const address = screen.getByLabelText('Address or extended public key');
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Wallet' }));
  return { onSubmit, address, submit };
}

describe('WalletForm', () => {
  it('requires an address', () => {
    const { onSubmit, submit } = setup();
    submit();
    expect(screen.getByText(locales.en.errors.addressRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps private keys and recovery phrases in the browser, with a warning', () => {
    const { onSubmit, address, submit } = setup();
    fireEvent.change(address, { target: { value: `xprv${ZPUB.slice(4)}` } });
    submit();
    expect(screen.getByText(locales.en.errors.privateKey)).toBeTruthy();
    fireEvent.change(address, { target: { value: `${'abandon '.repeat(11)}about` } });
    submit();
    expect(screen.getByText(locales.en.errors.seedPhrase)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends coin, network and the key; the label and address placeholders follow the coin', () => {
    const { onSubmit, address, submit } = setup();
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'USDT' } });
    expect(address.getAttribute('placeholder')).toBe('0x… or xpub…');
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'LTC' } });
    expect(screen.getByLabelText('Label').getAttribute('placeholder')).toBe('LTC Wallet');
    expect(address.getAttribute('placeholder')).toBe('bc1q… or zpub…');
    fireEvent.change(address, { target: { value: ` ${ZPUB} ` } });
    // A zpub fixes its own address type: no choice offered.
    expect(screen.queryByLabelText('Address type')).toBeNull();
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ currency: 'LTC', network: 'litecoin', address: ZPUB });
  });

  it('offers the address type for an xpub on a segwit coin, not on Dogecoin', () => {
    const { onSubmit, address, submit } = setup();
    fireEvent.change(address, { target: { value: XPUB } });
    fireEvent.change(screen.getByLabelText('Address type'), { target: { value: 'p2pkh' } });
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'Cold storage' } });
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      currency: 'BTC',
      network: 'bitcoin',
      address: XPUB,
      label: 'Cold storage',
      scriptType: 'p2pkh',
    });
    fireEvent.change(screen.getByLabelText('Currency'), { target: { value: 'DOGE' } });
    expect(screen.queryByLabelText('Address type')).toBeNull();
  });

  it("shows the server's field error under its field, until the field is edited", () => {
    render(
      <WalletForm
        busy={false}
        error={null}
        fieldErrors={{ address: 'Invalid checksum' }}
        onSubmit={() => {}}
        onCancel={() => {}}
      />,
    );
    const address = screen.getByLabelText('Address or extended public key');
    const message = screen.getByText('Invalid checksum');
    // Under the field: its description, and the field is marked invalid.
    expect(address.getAttribute('aria-describedby')).toBe(message.id);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByLabelText('Label'), { target: { value: 'x' } });
    expect(screen.getByText('Invalid checksum')).toBeTruthy();
    fireEvent.change(address, { target: { value: 'rltc1q' } });
    expect(screen.queryByText('Invalid checksum')).toBeNull();
    expect(address.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server error, and speaks French', async () => {
    setup('Invalid checksum');
    expect(screen.getByText('Invalid checksum')).toBeTruthy();
    cleanup();
    await i18n.changeLanguage('fr');
    render(<WalletForm busy={false} error={null} onSubmit={() => {}} onCancel={() => {}} />);
    expect(screen.getByLabelText('Adresse ou clé publique étendue')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ajouter un portefeuille' })).toBeTruthy();
  });
});

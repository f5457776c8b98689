import type { TWallet } from '@coinlane/core/api/wallets';
import { cleanup, render, screen } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../locales.ts';
import { WalletList } from './wallet-list.tsx';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { payouts: locales.en }, es: { payouts: locales.es } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

const wallet = (over: Partial<TWallet>): TWallet => ({
  id: 'wal_1',
  currency: 'LTC',
  network: 'litecoin',
  chainMode: 'mainnet',
  kind: 'xpub',
  address: 'zpub6rFR…GutZYs',
  scriptType: 'p2wpkh',
  label: 'Shop wallet',
  isDefault: true,
  verified: true,
  verifiedAt: '2026-11-25T10:00:00.000Z',
  nextIndex: 26,
  gapLimitNeeded: null,
  receiveMode: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const renderList = (wallets: TWallet[]) =>
  render(
    <WalletList
      wallets={wallets}
      busyId={null}
      onVerify={() => {}}
      onMakeDefault={() => {}}
      onDelete={() => {}}
    />,
  );

describe('WalletList', () => {
  it('tells the merchant how far to raise the gap limit of the wallet app when payments went past 20', async () => {
    renderList([wallet({ gapLimitNeeded: 26 })]);
    expect(screen.getByText('Gap limit 26 needed')).toBeTruthy();
    expect(screen.getByText(/raise the gap limit in your wallet app to at least 26/)).toBeTruthy();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Límite de huecos 26 necesario')).toBeTruthy();
    await i18n.changeLanguage('en');
  });

  it('says nothing of it while the usual 20 suffice', () => {
    renderList([wallet({ gapLimitNeeded: null })]);
    expect(screen.queryByText(/gap limit/i)).toBeNull();
  });
});

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { locales } from '../locales.ts';
import { initI18n, wallet } from '../testing/kit.tsx';
import { RuleForm } from './rule-form.tsx';

beforeAll(initI18n);
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

const WALLETS = [
  wallet(),
  wallet({ id: 'wal_polygon', label: 'Polygon USDT', network: 'polygon' }),
  wallet({ id: 'wal_pending', label: 'Not yet', verified: false }),
  wallet({ id: 'wal_key', label: 'Key wallet', kind: 'xpub', address: 'xpub6BosfC…39T9nMdj' }),
  wallet({ id: 'wal_usdc', label: 'USDC wallet', currency: 'USDC' }),
  wallet({ id: 'wal_ltc', label: 'LTC wallet', currency: 'LTC', network: 'litecoin' }),
];

function setup({ defaultTo = 'USDT', wallets = WALLETS, error = null as string | null } = {}) {
  const onSubmit = vi.fn();
  const onGoToWallets = vi.fn();
  render(
    <RuleForm
      wallets={wallets}
      defaultTo={defaultTo}
      busy={false}
      error={error}
      onSubmit={onSubmit}
      onCancel={() => {}}
      onGoToWallets={onGoToWallets}
    />,
  );
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Add Rule' }));
  const walletOptions = () =>
    within(screen.getByLabelText('Wallet'))
      .getAllByRole('option')
      .map((o) => o.textContent);
  return { onSubmit, onGoToWallets, submit, walletOptions };
}

describe('RuleForm', () => {
  it('starts from BTC -> USDT, 0.01, and offers only whitelisted single-address wallets of the To currency', () => {
    const { onSubmit, submit, walletOptions } = setup();
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('BTC');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('USDT');
    expect((screen.getByLabelText('Minimum amount') as HTMLInputElement).value).toBe('0.01');
    expect(screen.getByLabelText('Minimum amount').getAttribute('step')).toBe('0.00000001');
    // BTC has one network: no choice, its name is shown
    expect(screen.queryByRole('combobox', { name: 'Network' })).toBeNull();
    expect(screen.getByText('Bitcoin')).toBeTruthy();
    // an exchange converts BTC: a USDT wallet on any network
    expect(walletOptions()).toEqual([
      'Treasury · 0x529084…169EE7 · Ethereum',
      'Polygon USDT · 0x529084…169EE7 · Polygon',
    ]);
    expect(screen.getByText(locales.en.rules.howShift)).toBeTruthy();
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      fromCurrency: 'BTC',
      toCurrency: 'USDT',
      walletId: 'wal_usdt',
      minAmount: '0.01',
    });
  });

  it('takes the switch’s target currency as the default To currency, and follows the To currency', () => {
    const { walletOptions } = setup({ defaultTo: 'USDC' });
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('USDC');
    expect(walletOptions()).toEqual(['USDC wallet · 0x529084…169EE7 · Ethereum']);
  });

  it('asks for the network of a coin on several, and limits a swap to wallets on that network', () => {
    const { onSubmit, submit, walletOptions } = setup();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'USDC' } });
    const network = screen.getByLabelText('Network') as HTMLSelectElement;
    // networks Coinlane receives on, in catalogue order (not Tron for USDT: see below)
    expect(
      within(network)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toContain('Polygon');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'USDT' } });
    fireEvent.change(network, { target: { value: 'polygon' } });
    expect(walletOptions()).toEqual(['Polygon USDT · 0x529084…169EE7 · Polygon']);
    expect(screen.getByText(locales.en.rules.howSwap.replace('{{network}}', 'Polygon'))).toBeTruthy();
    submit();
    expect(onSubmit).toHaveBeenCalledWith({
      fromCurrency: 'USDC',
      fromNetwork: 'polygon',
      toCurrency: 'USDT',
      walletId: 'wal_polygon',
      minAmount: '0.01',
    });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'USDT' } });
    expect(within(screen.getByLabelText('Network')).queryByText('Tron')).toBeNull();
  });

  it('lists the rule currencies Coinlane does not receive yet, not selectable', () => {
    setup();
    const from = screen.getByLabelText('From');
    const group = from.querySelector('optgroup')!;
    expect(group.getAttribute('label')).toBe(locales.en.rules.notReceived);
    const off = [...group.querySelectorAll('option')].map((o) => [o.textContent, o.disabled]);
    expect(off).toEqual(
      ['FDUSD', 'USDe', 'PYUSD', 'TUSD', 'FRAX', 'USDD', 'EURC', 'SOL', 'ADA'].map((c) => [c, true]),
    );
    expect(within(from).getAllByRole('option')).toHaveLength(21);
  });

  it('says where to add a wallet when none fits, and checks the form before sending', () => {
    const { onSubmit, onGoToWallets, submit } = setup({ wallets: [] });
    expect(screen.getByText(locales.en.rules.walletNone.replace('{{currency}}', 'USDT'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Go to Wallets' }));
    expect(onGoToWallets).toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Minimum amount'), { target: { value: '0.000000001' } });
    submit();
    expect(screen.getByText('The minimum amount has at most 8 decimal places')).toBeTruthy();
    expect(screen.getByText(locales.en.errors.walletRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Minimum amount'), { target: { value: '' } });
    submit();
    expect(screen.getByText(locales.en.errors.minAmountRequired)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and speaks the merchant’s language', async () => {
    setup({
      error: 'There is no Uniswap V3 pool to swap ETH to DAI on Ethereum, so this rule cannot be created',
    });
    expect(screen.getByRole('alert').textContent).toMatch(/no Uniswap V3 pool/);
    await i18n.changeLanguage('de');
    expect(await screen.findByLabelText('Mindestbetrag')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Regel hinzufügen' })).toBeTruthy();
  });
});

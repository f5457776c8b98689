import type { TCreateWalletRequest } from '@coinlane/core/api/wallets';
import type { TKeyScriptType } from '@coinlane/core/utxo-keys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { isChoosableKey, secretKind, WALLET_COINS } from '../utils/wallet-input.ts';

/**
 * Add a wallet: coin, address or extended public key, optional label (default "<COIN> Wallet"), and the address
 * type for an xpub/tpub key on a coin with segwit. Private keys and recovery phrases never leave the browser.
 */
export function WalletForm({
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  error: string | null;
  onSubmit: (body: TCreateWalletRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payouts');
  const [currency, setCurrency] = useState<string>(WALLET_COINS[0].currency);
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [scriptType, setScriptType] = useState<TKeyScriptType>('p2wpkh');
  const [problem, setProblem] = useState<string | null>(null);
  const coin = WALLET_COINS.find((c) => c.currency === currency) ?? WALLET_COINS[0];
  const choosable = coin.segwit && isChoosableKey(address);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = address.trim();
    if (!value) return setProblem(t('errors.addressRequired'));
    const secret = secretKind(value);
    if (secret) return setProblem(t(secret === 'private_key' ? 'errors.privateKey' : 'errors.seedPhrase'));
    setProblem(null);
    onSubmit({
      currency: coin.currency,
      network: coin.network,
      address: value,
      ...(label.trim() ? { label: label.trim() } : {}),
      ...(choosable ? { scriptType } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('form.title')}>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field label={t('form.currency')}>
          {(fieldId, d) => (
            <Select
              id={fieldId}
              aria-describedby={d}
              value={currency}
              onChange={(e) => setCurrency(e.target.value)}
              name="currency"
            >
              {WALLET_COINS.map((c) => (
                <option key={c.currency} value={c.currency}>
                  {c.currency}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('form.label')}>
          {(fieldId, d) => (
            <Input
              id={fieldId}
              aria-describedby={d}
              name="label"
              value={label}
              maxLength={100}
              placeholder={t('form.labelPlaceholder', { currency: coin.currency })}
              onChange={(e) => setLabel(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label={t('form.address')} hint={t('form.addressHint')} error={problem ?? undefined}>
        {(fieldId, d) => (
          <Input
            id={fieldId}
            aria-describedby={d}
            name="address"
            value={address}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            placeholder={t('form.addressPlaceholder')}
            onChange={(e) => {
              setAddress(e.target.value);
              if (problem) setProblem(null);
            }}
          />
        )}
      </Field>
      {choosable && (
        <Field label={t('form.scriptType')} hint={t('form.scriptTypeHint')}>
          {(fieldId, d) => (
            <Select
              id={fieldId}
              aria-describedby={d}
              name="scriptType"
              value={scriptType}
              onChange={(e) => setScriptType(e.target.value as TKeyScriptType)}
            >
              {(['p2wpkh', 'p2sh-p2wpkh', 'p2pkh'] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`scriptTypes.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      {error && <Banner>{error}</Banner>}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}

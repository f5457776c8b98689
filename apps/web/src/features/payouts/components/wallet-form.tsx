import type { TCreateWalletRequest } from '@coinlane/core/api/wallets';
import type { TKeyScriptType } from '@coinlane/core/families/utxo/utxo-keys';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { isChoosableKey, isExtendedKey, secretKind, WALLET_COINS } from '../utils/wallet-input.ts';

const FIRST_COIN = WALLET_COINS[0]!;

/** The server's per-field messages for this form (`error.fields` of a 400, or the duplicate address). */
export type WalletFieldErrors = Partial<
  Record<'currency' | 'address' | 'label' | 'scriptType' | 'receiveMode', string>
>;

/**
 * Add a wallet: coin, address or extended public key, optional label (default "<COIN> Wallet"), and the address
 * type for an xpub/tpub key on a coin with segwit. Private keys and recovery phrases never leave the browser.
 * The server's field errors show under their field until that field is edited; other errors in a banner.
 */
export function WalletForm({
  busy,
  error,
  fieldErrors,
  onSubmit,
  onCancel,
}: {
  busy: boolean;
  error: string | null;
  fieldErrors?: WalletFieldErrors;
  onSubmit: (body: TCreateWalletRequest) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('payouts');
  const [currency, setCurrency] = useState<string>(FIRST_COIN.id);
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [scriptType, setScriptType] = useState<TKeyScriptType>('p2wpkh');
  const [receiveMode, setReceiveMode] = useState<'forwarder' | 'single'>('forwarder');
  const [problem, setProblem] = useState<string | null>(null);
  // Fields edited since the server answered (this `fieldErrors`): their server message no longer applies.
  const [edits, setEdits] = useState<{ of?: WalletFieldErrors; fields: Set<keyof WalletFieldErrors> }>({
    fields: new Set(),
  });
  const edited = edits.of === fieldErrors ? edits.fields : new Set<keyof WalletFieldErrors>();
  const serverError = (f: keyof WalletFieldErrors) => (edited.has(f) ? undefined : fieldErrors?.[f]);
  const touch = (f: keyof WalletFieldErrors) => {
    if (fieldErrors?.[f] && !edited.has(f)) setEdits({ of: fieldErrors, fields: new Set(edited).add(f) });
  };
  const coin = WALLET_COINS.find((c) => c.id === currency) ?? FIRST_COIN;
  const choosable = coin.segwit && isChoosableKey(address);
  // EVM: an address chooses how it receives (forwarder by default); an xpub always receives on derived addresses.
  const receiveChoosable = coin.receiveModes && !isExtendedKey(address);

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
      ...(receiveChoosable ? { receiveMode } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('form.title')}>
      {/* Wide enough for the longest coin and network, "USDT (BNB Smart Chain)". */}
      <div className="grid gap-4 sm:grid-cols-[15rem_1fr]">
        <Field label={t('form.currency')} error={serverError('currency')}>
          {(fieldId, d) => (
            <Select
              id={fieldId}
              aria-describedby={d}
              aria-invalid={serverError('currency') ? true : undefined}
              value={currency}
              onChange={(e) => {
                setCurrency(e.target.value);
                touch('currency');
              }}
              name="currency"
            >
              {WALLET_COINS.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.networkName ? `${c.currency} (${c.networkName})` : c.currency}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('form.label')} error={serverError('label')}>
          {(fieldId, d) => (
            <Input
              id={fieldId}
              aria-describedby={d}
              aria-invalid={serverError('label') ? true : undefined}
              name="label"
              value={label}
              maxLength={100}
              placeholder={t('form.labelPlaceholder', { currency: coin.currency })}
              onChange={(e) => {
                setLabel(e.target.value);
                touch('label');
              }}
            />
          )}
        </Field>
      </div>
      <Field label={t('form.address')} hint={t('form.addressHint')} error={problem ?? serverError('address')}>
        {(fieldId, d) => (
          <Input
            id={fieldId}
            aria-describedby={d}
            aria-invalid={problem || serverError('address') ? true : undefined}
            name="address"
            value={address}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            placeholder={t('form.addressPlaceholder', coin.placeholder)}
            onChange={(e) => {
              setAddress(e.target.value);
              if (problem) setProblem(null);
              touch('address');
            }}
          />
        )}
      </Field>
      {choosable && (
        <Field label={t('form.scriptType')} hint={t('form.scriptTypeHint')} error={serverError('scriptType')}>
          {(fieldId, d) => (
            <Select
              id={fieldId}
              aria-describedby={d}
              name="scriptType"
              value={scriptType}
              onChange={(e) => {
                setScriptType(e.target.value as TKeyScriptType);
                touch('scriptType');
              }}
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
      {receiveChoosable && (
        <Field
          label={t('form.receiveMode')}
          hint={t('form.receiveModeHint')}
          error={serverError('receiveMode')}
        >
          {(fieldId, d) => (
            <Select
              id={fieldId}
              aria-describedby={d}
              name="receiveMode"
              value={receiveMode}
              onChange={(e) => {
                setReceiveMode(e.target.value as 'forwarder' | 'single');
                touch('receiveMode');
              }}
            >
              {(['forwarder', 'single'] as const).map((m) => (
                <option key={m} value={m}>
                  {t(`receiveModes.${m}`)}
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

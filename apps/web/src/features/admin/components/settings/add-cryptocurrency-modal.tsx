import {
  ADD_CRYPTO_DEFAULTS,
  CRYPTO_NAME_MAX_LENGTH,
  CRYPTO_NETWORKS,
  CRYPTO_SYMBOL_MAX_LENGTH,
} from '@coinlane/core/api/admin-cryptocurrencies';
import { NETWORKS } from '@coinlane/core/currencies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Checkbox } from '../../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../../../components/ui/field.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { createCryptocurrency, cryptocurrenciesKey } from '../../api/settings-api.ts';
import { cryptoMessageKey } from '../../crypto-locales.ts';
import { addRequestOf, emptyAddForm, type TAddCryptoForm, validateAddForm } from '../../utils/crypto-form.ts';

/** How long 'Cryptocurrency added successfully!' shows before the modal closes (admin spec 4, 9). */
export const ADD_SUCCESS_CLOSE_MS = 1500;

type Phase = 'idle' | 'submitting' | 'success';

/**
 * Add New Cryptocurrency (admin spec 2, 4, 5, 8, 9; decision 020): the spec's defaults, the symbol forced to upper
 * case (at most 10 characters), the rules of section 5 checked before sending (the core's schema, as the server
 * checks it) and each message beside its field, the server's refusals beside theirs. States idle, submitting,
 * success: 'Cryptocurrency added successfully!', then after 1.5 s the modal closes, resets and the list refreshes.
 */
export function AddCryptocurrencyModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('adminCrypto');
  const qc = useQueryClient();
  const formId = useId();
  const [form, setForm] = useState<TAddCryptoForm>(emptyAddForm);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');

  const reset = useCallback(() => {
    setForm(emptyAddForm());
    setErrors({});
    setFailure(null);
    setPhase('idle');
  }, []);

  // The latest onClose, so that a re-render of the page does not restart the 1.5 s.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = setTimeout(() => {
      reset();
      onCloseRef.current();
      void qc.invalidateQueries({ queryKey: cryptocurrenciesKey });
    }, ADD_SUCCESS_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [phase, qc, reset]);

  const add = useMutation({
    mutationFn: () => createCryptocurrency(addRequestOf(form)),
    onMutate: () => {
      setPhase('submitting');
      setFailure(null);
    },
    onSuccess: () => setPhase('success'),
    onError: (err) => {
      setPhase('idle');
      if (err instanceof ApiError) {
        setErrors(err.fields);
        // the message of a refusal that names no field of the form (a conflict, the node unreachable)
        const named = Object.keys(err.fields).some((k) => k in form);
        setFailure(named ? null : err.message || t('modal.failed'));
      } else setFailure(t('modal.failed'));
    },
  });

  const text = (message: string) => {
    const key = cryptoMessageKey(message);
    return key ? t(key) : message;
  };
  const set = <K extends keyof TAddCryptoForm>(key: K, value: TAddCryptoForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) {
      setErrors((e) => {
        const next = { ...e };
        delete next[key];
        return next;
      });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // the page's own form (Save Changes) is an ancestor in React's tree: this submit is not its
    e.stopPropagation();
    if (phase !== 'idle') return;
    const found = validateAddForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(null);
      return;
    }
    add.mutate();
  };
  const close = () => {
    if (phase === 'submitting') return;
    const done = phase === 'success';
    reset();
    onClose();
    if (done) void qc.invalidateQueries({ queryKey: cryptocurrenciesKey });
  };

  const busy = phase !== 'idle';
  const error = (key: keyof TAddCryptoForm) => (errors[key] ? text(errors[key]!) : undefined);
  const input = (key: keyof TAddCryptoForm, id: string, describedBy?: string) => ({
    id,
    value: form[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    'aria-describedby': describedBy,
    'aria-invalid': !!errors[key],
    disabled: busy,
  });

  // Rendered into <body>: the tab sits inside the page's form, and a form may not contain another.
  return createPortal(
    <Dialog
      open={open}
      onClose={close}
      title={t('modal.title')}
      description={t('modal.description')}
      closeLabel={t('close')}
      footer={
        phase === 'success' ? undefined : (
          <>
            <Button variant="outline" onClick={close} disabled={phase === 'submitting'}>
              {t('cancel')}
            </Button>
            <Button type="submit" form={formId} loading={phase === 'submitting'}>
              {t('modal.submit')}
            </Button>
          </>
        )
      }
    >
      {phase === 'success' ? (
        <p
          role="status"
          className="flex items-center gap-2 py-6 text-base font-medium text-green-700 dark:text-green-400"
        >
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {t('modal.success')}
        </p>
      ) : (
        <form id={formId} onSubmit={submit} noValidate className="space-y-5" aria-label={t('modal.title')}>
          {failure && <Banner tone="error">{text(failure)}</Banner>}
          <div className="grid grid-cols-1 gap-x-5 gap-y-4 sm:grid-cols-2">
            <Field label={t('modal.fields.symbol')} error={error('symbol')} hint={t('modal.hints.symbol')}>
              {(id, d) => (
                <Input
                  {...input('symbol', id, d)}
                  onChange={(e) => set('symbol', e.target.value.toUpperCase())}
                  maxLength={CRYPTO_SYMBOL_MAX_LENGTH}
                  autoComplete="off"
                  spellCheck={false}
                  className="uppercase"
                />
              )}
            </Field>
            <Field label={t('modal.fields.name')} error={error('name')}>
              {(id, d) => (
                <Input {...input('name', id, d)} maxLength={CRYPTO_NAME_MAX_LENGTH} autoComplete="off" />
              )}
            </Field>
            <Field
              label={t('modal.fields.network')}
              error={error('network')}
              hint={t('modal.hints.network')}
              className="sm:col-span-2"
            >
              {(id, d) => (
                <Select {...input('network', id, d)}>
                  <option value="">{t('modal.networkPlaceholder')}</option>
                  {CRYPTO_NETWORKS.map((n) => (
                    <option key={n} value={n}>
                      {n === 'other' ? t('networkOther') : NETWORKS[n].name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('modal.fields.minAmount')} error={error('minAmount')}>
              {(id, d) => (
                <Input
                  {...input('minAmount', id, d)}
                  type="number"
                  min={ADD_CRYPTO_DEFAULTS.minAmountStep}
                  step={ADD_CRYPTO_DEFAULTS.minAmountStep}
                  inputMode="decimal"
                />
              )}
            </Field>
            <Field label={t('modal.fields.maxAmount')} error={error('maxAmount')}>
              {(id, d) => <Input {...input('maxAmount', id, d)} type="number" inputMode="decimal" />}
            </Field>
            <Field
              label={t('modal.fields.feePercentage')}
              error={error('feePercentage')}
              hint={t('modal.hints.feePercentage')}
            >
              {(id, d) => (
                <Input
                  {...input('feePercentage', id, d)}
                  type="number"
                  min={0}
                  max={100}
                  step="0.01"
                  inputMode="decimal"
                />
              )}
            </Field>
            <Field
              label={t('modal.fields.decimals')}
              error={error('decimals')}
              hint={t('modal.hints.decimals')}
            >
              {(id, d) => (
                <Input
                  {...input('decimals', id, d)}
                  type="number"
                  min={0}
                  max={18}
                  step={1}
                  inputMode="numeric"
                />
              )}
            </Field>
            <Field
              label={t('modal.fields.contractAddress')}
              error={error('contractAddress')}
              hint={t('modal.hints.contractAddress')}
              className="sm:col-span-2"
            >
              {(id, d) => (
                <Input
                  {...input('contractAddress', id, d)}
                  placeholder="0x…"
                  autoComplete="off"
                  spellCheck={false}
                  className="font-mono"
                />
              )}
            </Field>
            <Field label={t('modal.fields.iconUrl')} error={error('iconUrl')} className="sm:col-span-2">
              {(id, d) => (
                <Input {...input('iconUrl', id, d)} type="url" placeholder="https://…" autoComplete="off" />
              )}
            </Field>
          </div>
          <div className="flex items-center gap-2">
            <Checkbox
              id={`${formId}-enabled`}
              checked={form.enabled}
              onChange={(e) => set('enabled', e.target.checked)}
              disabled={busy}
            />
            <label
              htmlFor={`${formId}-enabled`}
              className="text-sm font-medium text-slate-700 dark:text-slate-300"
            >
              {t('modal.fields.enabled')}
            </label>
          </div>
        </form>
      )}
    </Dialog>,
    document.body,
  );
}

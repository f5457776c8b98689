import type { TPosDevice, TPosDeviceWithPairing } from '@coinlane/core/api/pos';
import { POS_DEVICE_NAME_MAX } from '@coinlane/core/api/pos';
import { DEFAULT_FIAT, FIAT_CODES } from '@coinlane/core/currencies';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ExternalLink, Link2, RefreshCw, Smartphone, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { QrSvg } from '../../../components/ui/qr-svg.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCopy } from '../../../lib/use-copy.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import {
  createPosDevice,
  fetchPosDevices,
  newPairingCode,
  posDevicesKey,
  revokePosDevice,
} from '../api/pos-devices-api.ts';

const STATUS_TONE = { pairing: 'brand', pairing_expired: 'grey', paired: 'green' } as const;
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** The pairing code, its link as a QR code for the tablet's camera, and its countdown: shown this once. */
function PairingDialog({ shown, onClose }: { shown: TPosDeviceWithPairing | null; onClose: () => void }) {
  const { t } = useTranslation('posDevices');
  const { copied, copy } = useCopy();
  const left = useCountdown(shown ? Date.parse(shown.pairing.expiresAt) : null);
  return (
    <Dialog
      open={!!shown}
      onClose={onClose}
      title={t('pairing.title', { name: shown?.device.name ?? '' })}
      description={t('pairing.scan')}
      closeLabel={t('pairing.done')}
      className="max-w-md"
    >
      {shown && (
        <div className="flex flex-col items-center gap-4 text-center" data-testid="pos-pairing">
          {left > 0 ? (
            <>
              <QrSvg
                value={shown.pairing.url}
                label={t('pairing.qrLabel')}
                size={220}
                testId="pos-pairing-qr"
              />
              <div>
                <p className="text-xs font-medium uppercase tracking-wider text-slate-500">
                  {t('pairing.code')}
                </p>
                <p
                  className="mt-1 font-mono text-4xl font-semibold tracking-[0.15em] text-slate-900 dark:text-white"
                  data-testid="pos-pairing-code"
                >
                  {shown.pairing.code}
                </p>
              </div>
              <div className="w-full text-left">
                <p className="text-xs font-medium uppercase tracking-wider text-slate-500">
                  {t('pairing.link')}
                </p>
                <div className="mt-1 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 dark:bg-white/5">
                  <code className="min-w-0 flex-1 break-all text-xs" data-testid="pos-pairing-link">
                    {shown.pairing.url}
                  </code>
                  <Button size="sm" variant="ghost" onClick={() => copy(shown.pairing.url)}>
                    <Link2 className="size-4" aria-hidden="true" />
                    {copied ? t('pairing.copied') : t('pairing.copyLink')}
                  </Button>
                </div>
              </div>
              <p className="text-sm text-slate-500 tabular-nums">
                {t('pairing.expires', { time: clock(left) })}
              </p>
            </>
          ) : (
            <Banner tone="warning">{t('pairing.expired')}</Banner>
          )}
          <Button className="w-full" onClick={onClose}>
            {t('pairing.done')}
          </Button>
        </div>
      )}
    </Dialog>
  );
}

/**
 * The API Keys page's point-of-sale devices (decision 026): pair a device (a name, the currency of its keypad),
 * its pairing code and QR code, a new code, revoke. The device's credential itself is never shown here: the device
 * receives it when it uses the code.
 */
export function PosDevicesCard() {
  const { t, i18n } = useTranslation('posDevices');
  const qc = useQueryClient();
  const devices = useQuery({ queryKey: posDevicesKey, queryFn: fetchPosDevices });
  const refetch = () => qc.invalidateQueries({ queryKey: posDevicesKey });
  const [formOpen, setFormOpen] = useState(false);
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<string>(DEFAULT_FIAT);
  const [formError, setFormError] = useState<string | null>(null);
  const [shown, setShown] = useState<TPosDeviceWithPairing | null>(null);
  const [revoking, setRevoking] = useState<TPosDevice | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const create = useMutation({ mutationFn: createPosDevice, onSuccess: refetch });
  const repair = useMutation({ mutationFn: newPairingCode, onSuccess: refetch });
  const revoke = useMutation({ mutationFn: revokePosDevice, onSuccess: refetch });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setFormError(t('form.nameRequired'));
    if (trimmed.length > POS_DEVICE_NAME_MAX) return setFormError(t('form.nameTooLong'));
    setFormError(null);
    try {
      setShown(await create.mutateAsync({ name: trimmed, fiatCurrency: currency }));
      setFormOpen(false);
      setName('');
    } catch (err) {
      setFormError(errorMessage(err, t('errors.generic')));
    }
  };

  return (
    <Card className="overflow-hidden" data-testid="pos-devices">
      <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-4 sm:flex-row sm:items-start sm:justify-between dark:border-white/10">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
            <Smartphone className="size-5 text-brand-600" aria-hidden="true" />
            {t('title')}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <a href={paths.pos} target="_blank" rel="noopener" className={buttonClass('outline', 'md')}>
            <ExternalLink className="size-4" aria-hidden="true" />
            {t('open')}
          </a>
          <Button
            aria-expanded={formOpen}
            onClick={() => {
              setFormOpen((o) => !o);
              setFormError(null);
            }}
          >
            <Smartphone className="size-4" aria-hidden="true" />
            {t('pair')}
          </Button>
        </div>
      </div>

      {notice && (
        <div className="px-5 pt-4">
          <Banner tone={notice.tone}>{notice.text}</Banner>
        </div>
      )}

      {formOpen && (
        <form
          onSubmit={submit}
          className="grid gap-4 border-b border-slate-200 p-5 sm:grid-cols-[1fr_12rem_auto] sm:items-end dark:border-white/10"
        >
          <Field label={t('form.name')}>
            {(id) => (
              <Input
                id={id}
                value={name}
                maxLength={POS_DEVICE_NAME_MAX + 20}
                placeholder={t('form.namePlaceholder')}
                onChange={(e) => setName(e.target.value)}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={t('form.currency')}>
            {(id) => (
              <Select id={id} value={currency} onChange={(e) => setCurrency(e.target.value)}>
                {FIAT_CODES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Button type="submit" loading={create.isPending}>
            {t('form.submit')}
          </Button>
          {formError && <Banner className="sm:col-span-3">{formError}</Banner>}
        </form>
      )}

      {devices.isError ? (
        <div className="p-5">
          <Banner>{t('errors.load')}</Banner>
        </div>
      ) : devices.data && devices.data.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-500 dark:text-slate-400">{t('list.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-white/10">
          {(devices.data ?? []).map((d) => (
            <li
              key={d.id}
              className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center"
              data-testid="pos-device-row"
            >
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="break-words text-sm font-semibold text-slate-900 dark:text-white">
                    {d.name}
                  </h3>
                  <Badge tone={STATUS_TONE[d.status]} dot>
                    {t(`list.status.${d.status}`)}
                  </Badge>
                </div>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('list.currency')}: {d.fiatCurrency}
                  {d.credentialPrefix && (
                    <>
                      {' · '}
                      {t('list.credential')}: <span className="font-mono">{d.credentialPrefix}…••••</span>
                    </>
                  )}
                  {' · '}
                  {t('list.created')}: {day.format(new Date(d.createdAt))}
                  {' · '}
                  {t('list.lastUsed')}: {d.lastUsedAt ? day.format(new Date(d.lastUsedAt)) : t('list.never')}
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <Button
                  size="sm"
                  variant="outline"
                  loading={repair.isPending && repair.variables === d.id}
                  onClick={async () => {
                    setNotice(null);
                    try {
                      setShown(await repair.mutateAsync(d.id));
                    } catch (err) {
                      setNotice({ tone: 'error', text: errorMessage(err, t('errors.generic')) });
                    }
                  }}
                >
                  <RefreshCw className="size-4" aria-hidden="true" />
                  {t('list.newCode')}
                </Button>
                <Button
                  size="sm"
                  variant="dangerOutline"
                  onClick={() => {
                    setDialogError(null);
                    setRevoking(d);
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('list.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <PairingDialog shown={shown} onClose={() => setShown(null)} />
      <ConfirmDialog
        open={!!revoking}
        title={t('revokeDialog.title')}
        confirmLabel={t('revokeDialog.confirm')}
        cancelLabel={t('cancel')}
        closeLabel={t('pairing.done')}
        busy={revoke.isPending}
        error={dialogError}
        onClose={() => setRevoking(null)}
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              setNotice({ tone: 'success', text: t('revoked') });
            },
            onError: (err) => setDialogError(errorMessage(err, t('errors.generic'))),
          });
        }}
      >
        <p>{t('revokeDialog.text', { name: revoking?.name ?? '' })}</p>
      </ConfirmDialog>
    </Card>
  );
}

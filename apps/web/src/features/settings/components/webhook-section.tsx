import {
  type TWebhookConfig,
  type TWebhookEventType,
  type TWebhookTestResult,
  WEBHOOK_URL_MAX,
  ZWebhookUrl,
} from '@coinlane/core/api/webhooks';
import { T } from '@coinlane/core/texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Eye, EyeOff, Info, Power, RefreshCw, Save, Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import {
  enableWebhookEndpoint,
  fetchWebhookConfig,
  rotateWebhookSecret,
  saveWebhookConfig,
  sendTestWebhook,
  WEBHOOK_DEFAULT_EVENTS,
  WEBHOOK_EVENT_CHOICES,
  webhookConfigKey,
} from '../api/webhooks-api.ts';
import { SettingsSection } from './settings-section.tsx';
import { WebhookDeliveries } from './webhook-deliveries.tsx';

type Message = { tone: 'success' | 'error'; text: string };

const sameEvents = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((e) => b.includes(e));

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The server's and the shared schema's webhook texts (core T) in the interface language; others unchanged. */
function useWebhookText() {
  const { t } = useTranslation('webhooks');
  return (message: string): string => {
    const known: Record<string, string> = {
      [T.webhookUrlInvalid]: t('url.invalid'),
      [T.webhookUrlTooLong(WEBHOOK_URL_MAX)]: t('url.tooLong', { count: WEBHOOK_URL_MAX }),
      [T.webhookUrlCredentials]: t('url.credentials'),
      [T.webhookUrlHttps]: t('url.https'),
      [T.webhookUrlPrivate]: t('url.private'),
      [T.webhookUrlPrivateDev]: t('url.privateDev'),
      [T.webhookUrlUnresolvable]: t('url.unresolvable'),
      [T.webhookNotConfigured]: t('url.notConfigured'),
    };
    return known[message] ?? message;
  };
}

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The signing secret: masked until Reveal, copy, and rotate after a confirmation. After a rotation the replaced
 * secret keeps signing beside the new one until `previousExpiresAt` (24 hours), shown in the interface's language
 * and the browser's time zone, so the merchant deploys the new secret first.
 */
function SecretField({
  secret,
  previousExpiresAt,
  onRotated,
}: {
  secret: string | null;
  previousExpiresAt: string | null;
  onRotated: (secret: string) => void;
}) {
  const { t, i18n } = useTranslation('webhooks');
  const previousUntil = previousExpiresAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(previousExpiresAt),
      )
    : null;
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: ({ secret: next }) => {
      setConfirming(false);
      setRevealed(true);
      onRotated(next);
    },
  });
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), copied === 'yes' ? 2000 : 5000);
    return () => clearTimeout(timer);
  }, [copied]);

  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t('secret.label')}
      </p>
      {secret ? (
        <>
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="webhook-secret"
              className="block min-h-10 flex-1 break-all rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs leading-6 text-slate-800 dark:border-white/15 dark:bg-white/5 dark:text-slate-200"
            >
              {revealed ? (
                secret
              ) : (
                <>
                  <span className="sr-only">{t('secret.hidden')}</span>
                  <span aria-hidden="true">{'•'.repeat(24)}</span>
                </>
              )}
            </code>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setRevealed((r) => !r)}
                aria-pressed={revealed}
              >
                {revealed ? (
                  <EyeOff className="size-4" aria-hidden="true" />
                ) : (
                  <Eye className="size-4" aria-hidden="true" />
                )}
                {revealed ? t('secret.hide') : t('secret.reveal')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => void copyToClipboard(secret).then((ok) => setCopied(ok ? 'yes' : 'failed'))}
              >
                {copied === 'yes' ? (
                  <Check className="size-4" aria-hidden="true" />
                ) : (
                  <Copy className="size-4" aria-hidden="true" />
                )}
                {copied === 'yes' ? t('secret.copied') : t('secret.copy')}
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  rotate.reset();
                  setConfirming(true);
                }}
              >
                <RefreshCw className="size-4" aria-hidden="true" />
                {t('secret.rotate')}
              </Button>
            </div>
          </div>
          {copied === 'failed' && (
            <p role="alert" className="text-xs text-red-600 dark:text-red-400">
              {t('secret.copyFailed')}
            </p>
          )}
          {previousUntil && (
            <p
              data-testid="webhook-previous-secret"
              className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
            >
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('secret.previousUntil', { date: previousUntil })}
            </p>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('secret.hint')}</p>
        </>
      ) : (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('secret.none')}</p>
      )}
      <Dialog
        open={confirming}
        onClose={() => {
          if (!rotate.isPending) setConfirming(false);
        }}
        title={t('secret.rotateTitle')}
        closeLabel={t('close')}
        className="max-w-md"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={rotate.isPending}>
              {t('cancel')}
            </Button>
            <Button variant="danger" loading={rotate.isPending} onClick={() => rotate.mutate()}>
              {t('secret.rotateConfirm')}
            </Button>
          </>
        }
      >
        <div className="space-y-4 text-sm text-slate-600 dark:text-slate-300">
          <p>{t('secret.rotateText')}</p>
          {previousUntil && <p>{t('secret.rotateDropsPrevious', { date: previousUntil })}</p>}
          {rotate.isError && (
            <Banner tone="error">{errorMessage(rotate.error, t('secret.rotateFailed'))}</Banner>
          )}
        </div>
      </Dialog>
    </div>
  );
}

function testMessage(r: TWebhookTestResult, t: Translate): Message {
  if (r.ok) return { tone: 'success', text: t('test.delivered', { status: r.statusCode, ms: r.durationMs }) };
  if (r.statusCode !== null && r.statusCode !== undefined)
    return { tone: 'error', text: t('test.rejected', { status: r.statusCode, ms: r.durationMs }) };
  return { tone: 'error', text: t('test.notDelivered', { ms: r.durationMs, error: r.error ?? '' }) };
}

function WebhookForm({ config }: { config: TWebhookConfig }) {
  const { t, i18n } = useTranslation('webhooks');
  const qc = useQueryClient();
  const { user } = useSession();
  const urlId = useId();
  const [url, setUrl] = useState(config.url ?? '');
  // Before the first save, the spec's three events are preselected.
  const savedEvents = config.updatedAt ? config.events : WEBHOOK_DEFAULT_EVENTS;
  const [events, setEvents] = useState<TWebhookEventType[]>([...savedEvents]);
  const [urlError, setUrlError] = useState<string | undefined>();
  const text = useWebhookText();
  const [message, setMessage] = useState<Message | null>(null);

  const dirty = url.trim() !== (config.url ?? '') || !sameEvents(events, savedEvents);

  /** Changing any field clears the messages shown (merchant spec 2). */
  const edited = () => {
    setMessage(null);
    setUrlError(undefined);
  };

  const save = useMutation({
    mutationFn: saveWebhookConfig,
    onSuccess: (saved) => {
      qc.setQueryData(webhookConfigKey, saved);
      setUrl(saved.url ?? '');
      setEvents(saved.events);
      setMessage({ tone: 'success', text: t('save.saved') });
    },
    onError: (err) => {
      const fieldError = err instanceof ApiError ? err.fields.url : undefined;
      if (fieldError) setUrlError(text(fieldError));
      setMessage({ tone: 'error', text: text(errorMessage(err, t('save.failed'))) });
    },
  });
  const test = useMutation({
    mutationFn: sendTestWebhook,
    onMutate: () => setMessage(null),
    onSuccess: (r) => {
      setMessage(testMessage(r, t));
      void qc.invalidateQueries({ queryKey: ['webhooks', 'events'] });
    },
    onError: (err) => setMessage({ tone: 'error', text: text(errorMessage(err, t('test.failed'))) }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const parsed = ZWebhookUrl.safeParse(url);
    if (!parsed.success) {
      setUrlError(text(parsed.error.issues[0]?.message ?? T.webhookUrlInvalid));
      return;
    }
    setUrlError(undefined);
    save.mutate({ url: parsed.data, events: WEBHOOK_EVENT_CHOICES.filter((ev) => events.includes(ev)) });
  };

  const lastSaved = config.updatedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(config.updatedAt),
      )
    : null;

  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={user?.mode === 'live' ? 'green' : 'brand'} dot>
          {user?.mode === 'live' ? t('modeLive') : t('modeTest')}
        </Badge>
        <span className="text-xs text-slate-500 dark:text-slate-400">{t('modeHint')}</span>
      </div>
      <p className="flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-800 dark:border-brand-500/40 dark:bg-brand-500/10 dark:text-brand-200">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('separateSave')}
      </p>

      <form id="webhook-form" noValidate onSubmit={submit} className="space-y-5">
        <Field label={t('url.label')} hint={t('url.hint')} error={urlError}>
          {(fieldId, d) => (
            <Input
              id={fieldId}
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder={t('url.placeholder')}
              value={url}
              aria-describedby={d}
              aria-invalid={!!urlError}
              onChange={(e) => {
                setUrl(e.target.value);
                edited();
              }}
            />
          )}
        </Field>
        <fieldset>
          <legend className="mb-2 block text-sm font-medium text-slate-700 dark:text-slate-300">
            {t('events.legend')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {WEBHOOK_EVENT_CHOICES.map((ev) => (
              <label
                key={ev}
                htmlFor={`${urlId}-${ev}`}
                className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 p-3 transition-colors hover:bg-slate-50 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/60 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40 dark:border-white/15 dark:hover:bg-white/5 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-500/10"
              >
                <Checkbox
                  id={`${urlId}-${ev}`}
                  className="mt-0.5 shrink-0"
                  checked={events.includes(ev)}
                  onChange={(e) => {
                    const on = e.target.checked;
                    setEvents((list) => (on ? [...list, ev] : list.filter((x) => x !== ev)));
                    edited();
                  }}
                />
                <span className="min-w-0">
                  <span className="block font-mono text-sm font-medium text-slate-900 dark:text-slate-100">
                    {ev}
                  </span>
                  <span className="block text-xs text-slate-500 dark:text-slate-400">
                    {t(`events.${ev.replace('payment.', '')}`)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {dirty ? t('save.unsaved') : lastSaved ? t('save.lastSaved', { date: lastSaved }) : ''}
          </p>
          <Button type="submit" loading={save.isPending} className="sm:min-w-36">
            {!save.isPending && <Save className="size-4" aria-hidden="true" />}
            {t('save.button')}
          </Button>
        </div>
      </form>

      <div className="border-t border-slate-200 pt-5 dark:border-white/10">
        <SecretField
          secret={config.secret}
          previousExpiresAt={config.previousSecretExpiresAt}
          onRotated={(secret) => {
            qc.setQueryData<TWebhookConfig>(webhookConfigKey, (c) => (c ? { ...c, secret } : c));
            // Read again for the time the replaced secret stops (the rotation's reply holds the new secret only).
            void qc.invalidateQueries({ queryKey: webhookConfigKey });
            setMessage({ tone: 'success', text: t('secret.rotated') });
          }}
        />
      </div>

      <div className="space-y-2 border-t border-slate-200 pt-5 dark:border-white/10">
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            loading={test.isPending}
            disabled={!config.url}
            onClick={() => test.mutate()}
          >
            {!test.isPending && <Send className="size-4" aria-hidden="true" />}
            {t('test.button')}
          </Button>
          {!config.url ? (
            <span className="text-sm text-slate-500 dark:text-slate-400">{t('test.needsUrl')}</span>
          ) : (
            dirty && (
              <span className="text-sm text-slate-500 dark:text-slate-400">{t('test.unsavedNote')}</span>
            )
          )}
        </div>
      </div>

      {message && (
        <Banner tone={message.tone} className="break-words">
          {message.text}
        </Banner>
      )}

      <div className="border-t border-slate-200 pt-5 dark:border-white/10">
        <WebhookDeliveries />
      </div>
    </>
  );
}

/**
 * The endpoint was turned off by the Coinlane team (the back-office's Webhook Monitoring): since when, why, and the
 * way to turn it back on (POST /webhooks/config/enable); the events that waited are then sent in order.
 */
function TurnedOffNotice({ disabled }: { disabled: NonNullable<TWebhookConfig['disabled']> }) {
  const { t, i18n } = useTranslation('webhooks');
  const qc = useQueryClient();
  const enable = useMutation({
    mutationFn: enableWebhookEndpoint,
    onSuccess: (saved) => {
      qc.setQueryData(webhookConfigKey, saved);
      void qc.invalidateQueries({ queryKey: ['webhooks', 'events'] });
    },
  });
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(disabled.at),
  );
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200"
    >
      <p className="font-semibold">{t('turnedOff.title')}</p>
      <p>{t('turnedOff.body', { date })}</p>
      {disabled.reason && <p className="break-words">{t('turnedOff.reason', { reason: disabled.reason })}</p>}
      {enable.isError && <p className="text-red-700 dark:text-red-300">{t('turnedOff.failed')}</p>}
      <Button size="sm" onClick={() => enable.mutate()} loading={enable.isPending}>
        {!enable.isPending && <Power className="size-4" aria-hidden="true" />}
        {t('turnedOff.button')}
      </Button>
    </div>
  );
}

function WebhookSkeleton() {
  return (
    <div className="space-y-5" aria-busy="true">
      <Skeleton className="h-5 w-48" />
      <div className="space-y-2">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-10 w-full" />
      </div>
      <div className="grid gap-2 sm:grid-cols-2">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

/**
 * Settings, Webhook Configuration (merchant spec 2): URL, events, signing secret, test event and the recent
 * deliveries. Saved with its own button (PUT /webhooks/config), apart from the page's Save Changes.
 */
export function WebhookSection({ paused = false }: { paused?: boolean }) {
  const { t } = useTranslation('webhooks');
  const { user } = useSession();
  const config = useQuery({ queryKey: webhookConfigKey, queryFn: fetchWebhookConfig });
  return (
    <SettingsSection id="webhooks" title={t('title')} description={t('description')}>
      {paused && <Banner tone="warning">{t('paused')}</Banner>}
      {config.isError ? (
        <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage(config.error, t('loadFailed'))}</span>
          <Button size="sm" variant="outline" onClick={() => void config.refetch()}>
            {t('retry')}
          </Button>
        </Banner>
      ) : config.isPending ? (
        <WebhookSkeleton />
      ) : (
        // Each mode has its own configuration: switching mode starts the form again from the new one.
        <>
          {config.data.disabled && <TurnedOffNotice disabled={config.data.disabled} />}
          <WebhookForm key={user?.mode ?? 'test'} config={config.data} />
        </>
      )}
    </SettingsSection>
  );
}

import type { TFeeStructure } from '@coinlane/core/api/admin';
import type { TCryptocurrency } from '@coinlane/core/api/admin-cryptocurrencies';
import { hasPermission } from '@coinlane/core/permissions';
import type { TSystemSettings } from '@coinlane/core/system-settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Save } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card } from '../../../../components/ui/card.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { type TabItem, Tabs } from '../../../../components/ui/tabs.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useSession } from '../../../../lib/auth.ts';
import {
  cryptocurrenciesKey,
  feeStructuresKey,
  fetchCryptocurrencies,
  fetchFeeStructures,
  fetchSystemSettings,
  saveSystemSettings,
  systemSettingsKey,
  updateCryptocurrency,
  updateFeeStructure,
} from '../../api/settings-api.ts';
import { cryptoChanges, cryptoFieldId, cryptoValue } from '../../utils/crypto-form.ts';
import { formatCount } from '../../utils/format.ts';
import {
  type Edits,
  type FeeField,
  type FormValue,
  feeChanges,
  feeValue,
  SETTINGS_FIELDS,
  SETTINGS_TABS,
  type SettingField,
  serverMessageText,
  settingsChanges,
  settingValue,
  type TSettingsTab,
  tabOfField,
} from '../../utils/settings-form.ts';
import { LoadFailed, PageHeader } from '../admin-parts.tsx';
import { CurrenciesPanel } from './currencies-panel.tsx';
import { DangerZone } from './danger-zone.tsx';
import { FeesPanel } from './fees-panel.tsx';
import { SettingsCard } from './setting-fields.tsx';

/** How long 'Saved' shows after a save (admin spec 4, 9). */
export const SAVED_INDICATOR_MS = 3000;

type SaveOutcome = {
  /** Field id -> the server's message. */
  fieldErrors: Record<string, string>;
  /** The first failure's message, for 'Failed to save settings: {reason}'. */
  failure: string | null;
  /** The ids saved, whose edits are done with. */
  savedIds: string[];
};

/**
 * System Settings (admin spec 2, 3, 4, 8, 9; decision 016). Six tabs with settings.read; with settings.fees alone
 * only Fees & Pricing. Inputs are editable and Save Changes shows with settings.write (the fees also with
 * settings.fees); the Danger Zone shows with system.maintenance. One Save Changes sends the changed settings
 * (PUT /admin/settings) and each changed fee structure (PUT /admin/fees/:type); the server's refusals show beside
 * their fields, and 'Saved' shows for 3 seconds after a save that fully succeeded.
 */
export default function SystemSettingsPage() {
  const { t, i18n } = useTranslation('adminSettings');
  const lang = i18n.language;
  const qc = useQueryClient();
  const formId = useId();
  const { user } = useSession();
  const canRead = hasPermission(user, 'settings.read');
  const canWrite = hasPermission(user, 'settings.write');
  const feesOnly = !canRead && hasPermission(user, 'settings.fees');
  const canEditFees = canWrite || hasPermission(user, 'settings.fees');
  const canMaintain = hasPermission(user, 'system.maintenance');
  const canSave = canWrite || canEditFees;

  const settings = useQuery({
    queryKey: systemSettingsKey,
    queryFn: ({ signal }) => fetchSystemSettings(signal),
    enabled: canRead,
  });
  const fees = useQuery({ queryKey: feeStructuresKey, queryFn: ({ signal }) => fetchFeeStructures(signal) });
  const cryptos = useQuery({
    queryKey: cryptocurrenciesKey,
    queryFn: ({ signal }) => fetchCryptocurrencies(signal),
    enabled: canRead,
  });

  const tabs: TSettingsTab[] = feesOnly ? ['fees'] : [...SETTINGS_TABS];
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TSettingsTab | null;
  const tab: TSettingsTab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  const chooseTab = (next: TSettingsTab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        q.set('tab', next);
        return q;
      },
      { replace: true },
    );

  const [edits, setEdits] = useState<Edits>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), SAVED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const number = (n: number) => formatCount(n, lang);
  const message = (text: string) => serverMessageText(text, t, number);

  const pending = useMemo(() => {
    const s = settings.data && canWrite ? settingsChanges(settings.data, edits) : { changes: {}, ids: [] };
    const f = fees.data && canEditFees ? feeChanges(fees.data, edits) : [];
    const c = cryptos.data && canWrite ? cryptoChanges(cryptos.data, edits) : [];
    const count = (list: { ids: string[] }[]) => list.reduce((n, x) => n + x.ids.length, 0);
    return { settings: s, fees: f, cryptos: c, count: s.ids.length + count(f) + count(c) };
  }, [settings.data, fees.data, cryptos.data, edits, canWrite, canEditFees]);

  const save = useMutation({
    mutationFn: async (): Promise<SaveOutcome> => {
      const out: SaveOutcome = { fieldErrors: {}, failure: null, savedIds: [] };
      const failed = (err: unknown, prefix?: string) => {
        const text = err instanceof Error ? err.message : String(err);
        if (err instanceof ApiError) {
          for (const [key, msg] of Object.entries(err.fields)) {
            out.fieldErrors[prefix ? `${prefix}.${key}` : key] = msg;
          }
        }
        out.failure ??= text;
      };
      if (pending.settings.ids.length > 0) {
        try {
          qc.setQueryData(systemSettingsKey, await saveSystemSettings(pending.settings.changes));
          out.savedIds.push(...pending.settings.ids);
        } catch (err) {
          failed(err);
        }
      }
      for (const change of pending.fees) {
        try {
          const updated = await updateFeeStructure(change.type, change.changes);
          qc.setQueryData<TFeeStructure[]>(feeStructuresKey, (list) =>
            list?.map((s) => (s.type === updated.type ? updated : s)),
          );
          out.savedIds.push(...change.ids);
        } catch (err) {
          failed(err, `fees.${change.type}`);
        }
      }
      // Each cryptocurrency with a changed field (admin spec 7: enabled, min, max, fee), only what changed.
      for (const change of pending.cryptos) {
        try {
          const updated = await updateCryptocurrency(change.id, change.changes);
          qc.setQueryData<TCryptocurrency[]>(cryptocurrenciesKey, (list) =>
            list?.map((c) => (c.id === updated.id ? updated : c)),
          );
          out.savedIds.push(...change.ids);
        } catch (err) {
          failed(err, `crypto.${change.id}`);
        }
      }
      return out;
    },
    onMutate: () => {
      setFailure(null);
      setFieldErrors({});
      setSavedAt(null);
    },
    onSuccess: (out) => {
      setEdits((prev) => {
        const next = { ...prev };
        for (const id of out.savedIds) delete next[id];
        return next;
      });
      setFieldErrors(out.fieldErrors);
      if (out.failure !== null) {
        setFailure(out.failure);
        // Show the first tab with a refused field, if it is not the one on screen.
        const tabs = Object.keys(out.fieldErrors).map(tabOfField);
        if (tabs.length > 0 && !tabs.includes(tab) && tabs[0]) chooseTab(tabs[0]);
      } else setSavedAt(Date.now());
    },
  });

  const edit = (id: string, value: FormValue) => {
    setEdits((prev) => ({ ...prev, [id]: value }));
    setSavedAt(null);
    if (fieldErrors[id]) {
      setFieldErrors((prev) => {
        const next = { ...prev };
        delete next[id];
        return next;
      });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSave && !save.isPending && pending.count > 0) save.mutate();
  };

  const stateOf = (data: TSystemSettings) => (f: SettingField) => ({
    value: edits[f.id] ?? settingValue(data, f),
    error: fieldErrors[f.id] ? message(fieldErrors[f.id]!) : undefined,
    disabled: !canWrite || save.isPending,
    onChange: (v: FormValue) => edit(f.id, v),
  });
  const feeErrorOf = (f: FeeField) => {
    const e = fieldErrors[f.id];
    return e ? message(e) : undefined;
  };

  const errorTabs = new Set(Object.keys(fieldErrors).map(tabOfField));
  const tabItems: TabItem<TSettingsTab>[] = tabs.map((key) => ({
    key,
    label: t(`tabs.${key}`),
    ...(errorTabs.has(key) ? { flag: { label: t('tabHasErrors') } } : {}),
  }));

  const loading = (canRead && settings.isPending) || fees.isPending;
  const loadFailed = (canRead && settings.isError && !settings.data) || (fees.isError && !fees.data);

  const header = (
    <PageHeader
      title={t('title')}
      subtitle={feesOnly ? t('subtitleFees') : t('subtitle')}
      actions={
        canSave && (
          <div className="flex items-center gap-3">
            {savedAt !== null && (
              <span
                role="status"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-green-700 dark:text-green-400"
              >
                <Check className="size-4" aria-hidden="true" />
                {t('saved')}
              </span>
            )}
            <Button
              type="submit"
              form={formId}
              loading={save.isPending}
              disabled={loading || loadFailed || pending.count === 0}
            >
              {!save.isPending && <Save className="size-4" aria-hidden="true" />}
              {t('save')}
            </Button>
          </div>
        )
      }
    />
  );

  if (loading) {
    return (
      <div>
        {header}
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-10 w-full max-w-2xl" />
          <Card className="space-y-5 p-6">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="space-y-2">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
          </Card>
        </div>
      </div>
    );
  }
  if (loadFailed) {
    return (
      <div>
        {header}
        <LoadFailed
          text={t('loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => {
            if (canRead) void settings.refetch();
            void fees.refetch();
          }}
        />
      </div>
    );
  }

  const data = settings.data;
  return (
    <div>
      {header}
      {failure !== null && <Banner className="mb-4">{t('saveFailed', { reason: message(failure) })}</Banner>}
      {!canWrite && tab !== 'fees' && (
        <Banner tone="info" className="mb-4">
          {t('readOnly')}
        </Banner>
      )}
      {!canEditFees && tab === 'fees' && (
        <Banner tone="info" className="mb-4">
          {t('readOnlyFees')}
        </Banner>
      )}
      <form id={formId} onSubmit={submit} noValidate aria-label={t('title')}>
        <Tabs label={t('tabsLabel')} items={tabItems} value={tab} onChange={chooseTab}>
          {tab === 'fees' ? (
            <FeesPanel
              structures={fees.data ?? []}
              valueFor={(s, f) => {
                const v = edits[f.id];
                return typeof v === 'string' ? v : feeValue(s, f);
              }}
              errorOf={feeErrorOf}
              onChange={(f, v) => edit(f.id, v)}
              disabled={!canEditFees || save.isPending}
            />
          ) : tab === 'cryptocurrencies' ? (
            <CurrenciesPanel
              query={cryptos}
              canWrite={canWrite}
              disabled={!canWrite || save.isPending}
              valueFor={(c, f) => edits[cryptoFieldId(c.id, f)] ?? cryptoValue(c, f)}
              errorOf={(id) => fieldErrors[id]}
              onChange={(id, v) => edit(id, v)}
            />
          ) : data ? (
            <SettingsCard
              title={t(`cards.${tab}.title`)}
              description={t(`cards.${tab}.description`)}
              note={
                tab === 'notifications' ? (
                  <Banner tone="info">{t('cards.notifications.notApplied')}</Banner>
                ) : undefined
              }
              fields={SETTINGS_FIELDS[tab]}
              stateOf={stateOf(data)}
            />
          ) : null}
        </Tabs>
      </form>
      {canMaintain && (
        <div className="mt-10">
          <DangerZone />
        </div>
      )}
    </div>
  );
}

import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type TabItem, Tabs } from '../../../../components/ui/tabs.tsx';
import { useAdminWebhooks } from '../../hooks/use-operations.ts';
import { useSupportSummary } from '../../hooks/use-support.ts';
import { PageHeader } from '../admin-parts.tsx';
import HealthMonitorTab from './health-monitor-tab.tsx';
import { SupportTicketsTab } from './support-tickets-tab.tsx';
import SystemLogsTab from './system-logs-tab.tsx';
import WebhookMonitoringTab from './webhook-monitoring-tab.tsx';

/** What a tab's panel gets from the page: the address's search parameters, which it may use for its own state. */
export type SupportTabPanelProps = {
  params: URLSearchParams;
  setParam: (key: string, value: string | null) => void;
};

/**
 * One tab of Support & Operations: its key (?tab=), its label (a key of the `adminSupport` catalogue, or
 * `namespace:key` for another feature's catalogue), an optional red
 * count beside the label (the component fetches its own figure and renders nothing at 0), and its panel.
 */
export type SupportTab = {
  key: string;
  labelKey: string;
  Count?: ComponentType;
  Panel: ComponentType<SupportTabPanelProps>;
};

/** A tab's red count (rendered only above 0), with its meaning for screen readers. */
function RedCount({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold leading-5 text-white tabular-nums">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** The red count of unresolved tickets on the Support Tickets tab (admin spec 2; not a fixed number). */
function UnresolvedTicketsCount() {
  const { t } = useTranslation('adminSupport');
  const unresolved = useSupportSummary(true).data?.unresolved ?? 0;
  return <RedCount count={unresolved} label={t('unresolved', { count: unresolved })} />;
}

/** The red count of failed deliveries among the latest on the Webhook Monitoring tab (admin spec 2). */
function FailedWebhooksCount() {
  const { t } = useTranslation('adminOperations');
  const failed = useAdminWebhooks().data?.failedCount ?? 0;
  return <RedCount count={failed} label={t('tabs.failedCount', { count: failed })} />;
}

function TicketsPanel({ params, setParam }: SupportTabPanelProps) {
  return <SupportTicketsTab openId={params.get('ticket')} onOpen={(id) => setParam('ticket', id)} />;
}

/**
 * The page's tabs, in the spec's order: Support Tickets, Webhook Monitoring, System Logs, Health Monitor (admin
 * spec 2). Each tab is one entry here and its own component file (decisions 017 and 018).
 */
export const SUPPORT_TABS: readonly SupportTab[] = [
  { key: 'tickets', labelKey: 'tabs.tickets', Count: UnresolvedTicketsCount, Panel: TicketsPanel },
  {
    key: 'webhooks',
    labelKey: 'adminOperations:tabs.webhooks',
    Count: FailedWebhooksCount,
    Panel: WebhookMonitoringTab,
  },
  { key: 'logs', labelKey: 'adminOperations:tabs.logs', Panel: SystemLogsTab },
  { key: 'health', labelKey: 'adminOperations:tabs.health', Panel: HealthMonitorTab },
];

/**
 * Support & Operations (/admin/support, support.read; decision 017): the tabs of SUPPORT_TABS, the chosen one kept in
 * the address (?tab=), so a link (the operator's mail: ?ticket=) opens the right place.
 */
export default function AdminSupportPage() {
  const { t } = useTranslation('adminSupport');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = SUPPORT_TABS.find((x) => x.key === asked) ?? SUPPORT_TABS[0]!;
  const setParam = (key: string, value: string | null) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (value === null) q.delete(key);
        else q.set(key, value);
        return q;
      },
      { replace: true },
    );
  const items: TabItem<string>[] = SUPPORT_TABS.map(({ key, labelKey, Count }) => ({
    key,
    label: (
      <>
        {t(labelKey)}
        {Count && <Count />}
      </>
    ),
  }));

  return (
    <div>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs
        label={t('tabsLabel')}
        items={items}
        value={tab.key}
        onChange={(key) =>
          setParams(
            (p) => {
              const q = new URLSearchParams(p);
              q.set('tab', key);
              return q;
            },
            { replace: true },
          )
        }
      >
        <tab.Panel params={params} setParam={setParam} />
      </Tabs>
    </div>
  );
}

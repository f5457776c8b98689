import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type TabItem, Tabs } from '../../../../components/ui/tabs.tsx';
import { useSupportSummary } from '../../hooks/use-support.ts';
import { PageHeader } from '../admin-parts.tsx';
import { SupportTicketsTab } from './support-tickets-tab.tsx';

/** What a tab's panel gets from the page: the address's search parameters, which it may use for its own state. */
export type SupportTabPanelProps = {
  params: URLSearchParams;
  setParam: (key: string, value: string | null) => void;
};

/**
 * One tab of Support & Operations: its key (?tab=), its label in the `adminSupport` catalogue, an optional red
 * count beside the label (the component fetches its own figure and renders nothing at 0), and its panel.
 */
export type SupportTab = {
  key: string;
  labelKey: string;
  Count?: ComponentType;
  Panel: ComponentType<SupportTabPanelProps>;
};

/** The red count of unresolved tickets on the Support Tickets tab (admin spec 2; not a fixed number). */
function UnresolvedTicketsCount() {
  const { t } = useTranslation('adminSupport');
  const unresolved = useSupportSummary(true).data?.unresolved ?? 0;
  if (unresolved <= 0) return null;
  return (
    <span className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold leading-5 text-white tabular-nums">
      <span aria-hidden="true">{unresolved > 99 ? '99+' : unresolved}</span>
      <span className="sr-only">{t('unresolved', { count: unresolved })}</span>
    </span>
  );
}

function TicketsPanel({ params, setParam }: SupportTabPanelProps) {
  return <SupportTicketsTab openId={params.get('ticket')} onOpen={(id) => setParam('ticket', id)} />;
}

/**
 * The page's tabs, in the spec's order: Support Tickets, Webhook Monitoring, System Logs, Health Monitor (admin
 * spec 2). Each tab is one entry here and its own component file; a tab that is not built yet is simply absent.
 * Webhook Monitoring, System Logs and Health Monitor add their entries below Support Tickets.
 */
export const SUPPORT_TABS: readonly SupportTab[] = [
  { key: 'tickets', labelKey: 'tabs.tickets', Count: UnresolvedTicketsCount, Panel: TicketsPanel },
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

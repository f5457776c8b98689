import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '../../../../components/ui/tabs.tsx';
import { useAdminWebhooks } from '../../hooks/use-operations.ts';
import { PageHeader } from '../admin-parts.tsx';
import HealthMonitorTab from './health-monitor-tab.tsx';
import SystemLogsTab from './system-logs-tab.tsx';
import WebhookMonitoringTab from './webhook-monitoring-tab.tsx';

type Tab = 'webhooks' | 'logs' | 'health';

/**
 * /admin/support (support.read), the operations tabs only: the integrator merges this shell with the Support
 * Tickets one (branch wt-support). The Webhooks tab carries the red count of failed deliveries (admin spec 2).
 */
export default function OperationsSupportPage() {
  const { t } = useTranslation('adminOperations');
  const [tab, setTab] = useState<Tab>('webhooks');
  const failed = useAdminWebhooks().data?.failedCount ?? 0;
  const badge = failed > 0 && (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold text-white">
      {failed}
      <span className="sr-only"> ({t('tabs.failedCount', { count: failed })})</span>
    </span>
  );
  return (
    <div>
      <PageHeader title={t('page.title')} subtitle={t('page.subtitle')} />
      <Tabs
        label={t('tabs.label')}
        value={tab}
        onChange={setTab}
        items={[
          {
            key: 'webhooks',
            label: (
              <>
                {t('tabs.webhooks')}
                {badge}
              </>
            ),
          },
          { key: 'logs', label: t('tabs.logs') },
          { key: 'health', label: t('tabs.health') },
        ]}
      >
        {tab === 'webhooks' ? (
          <WebhookMonitoringTab />
        ) : tab === 'logs' ? (
          <SystemLogsTab />
        ) : (
          <HealthMonitorTab />
        )}
      </Tabs>
    </div>
  );
}

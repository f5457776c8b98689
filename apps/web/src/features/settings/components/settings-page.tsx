import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { fetchProfile, fetchSettings, profileKey, settingsKey } from '../api/settings-api.ts';
import { KycSection } from './kyc-section.tsx';
import { SettingsForm } from './settings-form.tsx';
import { WebhookSection } from './webhook-section.tsx';

function SettingsSkeleton() {
  return (
    <div className="space-y-8" aria-busy="true">
      {[3, 4, 3].map((rows, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder list
          key={i}
          className="grid gap-4 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0 lg:grid-cols-3 lg:gap-10 dark:border-white/10"
        >
          <div className="space-y-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
          <Card className="space-y-5 p-6 lg:col-span-2">
            {Array.from({ length: rows }, (_, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder list
              <div key={j} className="space-y-2">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-10 w-full" />
              </div>
            ))}
          </Card>
        </div>
      ))}
    </div>
  );
}

/** /settings (merchant spec 2): profile, business, notifications, security and preferences. */
export default function SettingsPage() {
  const { t } = useTranslation('settings');
  const profile = useQuery({ queryKey: profileKey, queryFn: fetchProfile });
  const settings = useQuery({ queryKey: settingsKey, queryFn: fetchSettings, staleTime: 60_000 });
  const failed = profile.isError || settings.isError;

  return (
    <div className="mx-auto w-full max-w-5xl">
      <header className="mb-8">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{t('title')}</h1>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{t('subtitle')}</p>
      </header>
      {failed ? (
        <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('loadFailed')}</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              if (profile.isError) void profile.refetch();
              if (settings.isError) void settings.refetch();
            }}
          >
            {t('retry')}
          </Button>
        </Banner>
      ) : profile.data && settings.data ? (
        <SettingsForm profile={profile.data} settings={settings.data} />
      ) : (
        <SettingsSkeleton />
      )}
      {profile.data && settings.data && (
        <div className="mt-8">
          <KycSection />
        </div>
      )}
      <div className="mt-8">
        <WebhookSection paused={settings.data?.webhookNotifications === false} />
      </div>
    </div>
  );
}

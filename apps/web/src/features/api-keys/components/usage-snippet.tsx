import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button.tsx';

/** The curl line that lists payments with a key: `Authorization: Bearer <key>`. */
export function curlCommand(key: string, origin: string) {
  return `curl -s -H "Authorization: Bearer ${key}" ${origin}/api/v1/payments`;
}

export function UsageSnippet({ apiKey }: { apiKey?: string }) {
  const { t } = useTranslation('apiKeys');
  const command = curlCommand(apiKey ?? t('usage.placeholder'), window.location.origin);
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('usage.description')}</p>
        <CopyButton
          text={command}
          label={t('usage.copy')}
          copiedLabel={t('usage.copied')}
          failedLabel={t('errors.copyFailed')}
          variant="ghost"
        />
      </div>
      <pre className="whitespace-pre-wrap break-all rounded-lg bg-slate-950 px-4 py-3 text-xs leading-relaxed text-slate-100 dark:bg-black/40">
        <code>{command}</code>
      </pre>
    </div>
  );
}

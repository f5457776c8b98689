import type { TCreatedApiKey } from '@coinlane/core/api/api-keys';
import { KeyRound, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { CopyButton } from './copy-button.tsx';
import { UsageSnippet } from './usage-snippet.tsx';

/**
 * The full key, shown once after it is created or rotated (merchant spec 2), with the warning to copy it now.
 * It lives only in this component's props: nothing stores it, and dismissing it forgets it.
 */
export function NewKeyAlert({
  created,
  rotated,
  onDismiss,
}: {
  created: TCreatedApiKey;
  rotated: boolean;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const ref = useRef<HTMLDivElement>(null);
  const keyId = useId();
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    ref.current?.focus({ preventScroll: true });
  }, []);

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${keyId}-title`}
      data-testid="new-api-key"
      className="space-y-4 rounded-xl border border-green-300 bg-green-50 p-5 outline-none dark:border-green-500/40 dark:bg-green-500/10"
    >
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-green-600 p-2 text-white">
          <KeyRound className="size-4" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h2 id={`${keyId}-title`} className="text-base font-semibold text-green-900 dark:text-green-200">
            {rotated ? t('created.rotatedTitle') : t('created.title')}
          </h2>
          <p className="text-sm text-green-800 dark:text-green-300">{created.name}</p>
        </div>
      </div>
      <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('created.warning')}
      </p>
      <div className="space-y-1.5">
        <label htmlFor={keyId} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('created.keyLabel')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
          <input
            id={keyId}
            readOnly
            value={created.key}
            spellCheck={false}
            onFocus={(e) => e.currentTarget.select()}
            className={`${inputClass} font-mono text-xs sm:flex-1`}
          />
          <CopyButton
            text={created.key}
            label={t('created.copy')}
            copiedLabel={t('created.copied')}
            failedLabel={t('errors.copyFailed')}
            variant="primary"
            size="md"
          />
        </div>
      </div>
      <UsageSnippet apiKey={created.key} />
      <div className="flex justify-end">
        <Button variant="outline" onClick={onDismiss}>
          {t('created.done')}
        </Button>
      </div>
    </div>
  );
}

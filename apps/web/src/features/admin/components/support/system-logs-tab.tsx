import { LOG_LEVELS, type TLogLevel, type TSystemLogEntry } from '@coinlane/core/api/admin-operations';
import { RefreshCw, ScrollText } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../../components/ui/badge.tsx';
import { Banner } from '../../../../components/ui/banner.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardHeader } from '../../../../components/ui/card.tsx';
import { cn } from '../../../../components/ui/cn.ts';
import { Select } from '../../../../components/ui/field.tsx';
import { Skeleton } from '../../../../components/ui/skeleton.tsx';
import { useSystemLogs } from '../../hooks/use-operations.ts';
import { formatListDate } from '../../utils/format.ts';

const levelTone: Record<TLogLevel, BadgeTone> = {
  error: 'red',
  warn: 'yellow',
  info: 'brand',
  debug: 'grey',
};
/** Days stored, until the first page says (the server's bound, decision 018). */
const DEFAULT_RETENTION_DAYS = 14;

/**
 * System Logs (admin spec 2, 4, 9): the stored lines newest first, 50 at a time, optionally of one level (error,
 * warn, info, debug); 'Load More Logs' reads the next, older page with the cursor. Only warn and error lines are
 * stored, which the tab says.
 */
export default function SystemLogsTab() {
  const { t } = useTranslation('adminOperations');
  const [level, setLevel] = useState<TLogLevel | ''>('');
  const logs = useSystemLogs(level);
  const selectId = useId();
  const entries = logs.data?.pages.flatMap((p) => p.items) ?? [];
  const days = logs.data?.pages[0]?.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const notStored = level === 'info' || level === 'debug';

  return (
    <Card>
      <CardHeader
        title={t('logs.title')}
        action={
          <Button variant="outline" size="sm" onClick={() => void logs.refetch()} disabled={logs.isFetching}>
            <RefreshCw
              className={cn('size-4', logs.isFetching && !logs.isFetchingNextPage && 'animate-spin')}
              aria-hidden="true"
            />
            {t('refresh')}
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-5 py-3 dark:border-white/10">
        <label htmlFor={selectId} className="text-sm font-medium text-slate-700 dark:text-slate-300">
          {t('logs.level')}
        </label>
        <div className="w-48">
          <Select id={selectId} value={level} onChange={(e) => setLevel(e.target.value as TLogLevel | '')}>
            <option value="">{t('logs.allLevels')}</option>
            {LOG_LEVELS.map((l) => (
              <option key={l} value={l}>
                {t(`logs.levels.${l}`)}
              </option>
            ))}
          </Select>
        </div>
        <p className="basis-full text-xs text-slate-500 dark:text-slate-400">
          {t('logs.storedNote', { days })}
        </p>
      </div>
      {logs.isPending ? (
        <div className="space-y-3 p-5">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : logs.isError && entries.length === 0 ? (
        <div className="flex flex-col items-center gap-3 px-5 py-10 text-center">
          <Banner className="w-full max-w-lg text-left">{t('logs.loadFailed')}</Banner>
          <Button onClick={() => void logs.refetch()} loading={logs.isFetching}>
            {t('retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-12 text-center">
          <ScrollText className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium text-slate-900 dark:text-slate-100">{t('logs.empty')}</p>
          {notStored && (
            <p className="max-w-md text-sm text-slate-500 dark:text-slate-400">{t('logs.notStored')}</p>
          )}
        </div>
      ) : (
        <>
          <ol className="divide-y divide-slate-100 dark:divide-white/5">
            {entries.map((e) => (
              <LogLine key={e.id} entry={e} />
            ))}
          </ol>
          <div className="flex flex-col items-center gap-2 border-t border-slate-200 px-5 py-4 dark:border-white/10">
            {logs.isFetchNextPageError && <Banner className="w-full">{t('logs.loadFailed')}</Banner>}
            {logs.hasNextPage ? (
              <Button
                variant="outline"
                onClick={() => void logs.fetchNextPage()}
                loading={logs.isFetchingNextPage}
              >
                {t('logs.loadMore')}
              </Button>
            ) : (
              <p className="text-xs text-slate-500 dark:text-slate-400">{t('logs.end')}</p>
            )}
          </div>
        </>
      )}
    </Card>
  );
}

function LogLine({ entry }: { entry: TSystemLogEntry }) {
  const { t, i18n } = useTranslation('adminOperations');
  const meta = entry.metadata && Object.keys(entry.metadata).length > 0 ? entry.metadata : null;
  return (
    <li className="px-5 py-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <time dateTime={entry.createdAt} className="text-xs tabular-nums text-slate-500 dark:text-slate-400">
          {formatListDate(entry.createdAt, i18n.language)}
        </time>
        <Badge tone={levelTone[entry.level]}>{t(`logs.levels.${entry.level}`)}</Badge>
        <span className="text-xs font-medium text-slate-600 dark:text-slate-300">
          {t(`logs.services.${entry.service}`, { defaultValue: entry.service })}
        </span>
      </div>
      <p className="mt-1 break-words font-mono text-[13px] text-slate-800 dark:text-slate-200">
        {entry.message}
      </p>
      {meta && (
        <details className="mt-1 text-xs">
          <summary className="cursor-pointer select-none text-brand-600 hover:text-brand-500 dark:text-brand-400">
            {t('logs.details')}
          </summary>
          <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-[12px] text-slate-700 dark:bg-white/5 dark:text-slate-300">
            {JSON.stringify(meta, null, 2)}
          </pre>
        </details>
      )}
    </li>
  );
}

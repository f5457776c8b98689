import { PAYOUT_STATUSES, type TPayoutEntry, type TPayoutStatus } from '@coinlane/core/api/payouts';
import { useMutation } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field, Select } from '../../../components/ui/field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { formatPlaces } from '../../../lib/amounts.ts';
import { movePayoutsNow } from '../api/payouts-api.ts';
import { usePayoutHistory } from '../hooks/use-payouts.ts';
import { networkName } from '../utils/rules.ts';
import { shortAddress } from '../utils/wallet-input.ts';

/** Amounts of the history: 8 decimals (merchant spec 2), the exact amount on hover. */
export const HISTORY_PLACES = 8;

const STATUS_TONE: Record<TPayoutStatus, BadgeTone> = {
  pending: 'yellow',
  completed: 'green',
  failed: 'red',
};

function Amount({ amount, currency, lang }: { amount: string; currency: string; lang: string }) {
  const f = formatPlaces(amount, HISTORY_PLACES, lang);
  return (
    <span className="tabular-nums" title={f.rounded ? `${f.exact} ${currency}` : undefined}>
      {f.text} <span className="text-slate-500 dark:text-slate-400">{currency}</span>
    </span>
  );
}

/** A short transaction hash (8...6, as addresses), whole on hover. */
const TxHash = ({ hash }: { hash: string }) => (
  <span className="font-mono" title={hash}>
    {shortAddress(hash)}
  </span>
);

/**
 * Instant Payouts' History tab (merchant spec 2, 3): every payout entry, newest first, with the status filter and
 * "Load more"; amounts to 8 decimals, pending shown as awaiting confirmation, addresses and hashes as 8...6.
 */
/**
 * "Move now" (issue 18): with auto payout off in Settings, confirmed funds stay at their deposit addresses until
 * the merchant asks; the reply says how many payments the next round (within a minute) moves.
 */
function MoveNow() {
  const { t } = useTranslation('payouts');
  const move = useMutation({ mutationFn: movePayoutsNow });
  return (
    <div className="space-y-3 border-b border-slate-200 px-5 py-3 dark:border-white/10">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('history.moveHint')}</p>
        <Button
          variant="outline"
          size="sm"
          className="shrink-0 self-start sm:self-auto"
          onClick={() => move.mutate()}
          disabled={move.isPending}
        >
          {t('history.moveNow')}
        </Button>
      </div>
      {move.isError && <Banner>{t('history.moveFailed')}</Banner>}
      {move.data && (
        <Banner tone={move.data.autoPayoutEnabled ? 'info' : 'success'}>
          {move.data.autoPayoutEnabled
            ? t('history.moveAutoOn')
            : t('history.moveQueued', { count: move.data.payments })}
        </Banner>
      )}
    </div>
  );
}

export function HistoryPanel() {
  const { t, i18n } = useTranslation('payouts');
  const lang = i18n.language;
  const [status, setStatus] = useState<TPayoutStatus | ''>('');
  const history = usePayoutHistory(status);
  const entries = history.data?.pages.flatMap((p) => p.items) ?? [];
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  const converted = (e: TPayoutEntry) =>
    e.convertedAmount !== null ? (
      <Amount amount={e.convertedAmount} currency={e.payoutCurrency} lang={lang} />
    ) : (
      <span className="text-slate-500 dark:text-slate-400">
        {e.status === 'pending' ? t('history.awaiting', { currency: e.payoutCurrency }) : '—'}
      </span>
    );

  return (
    <Card className="overflow-hidden">
      <div className="flex flex-col gap-3 border-b border-slate-200 px-5 py-4 sm:flex-row sm:items-end sm:justify-between dark:border-white/10">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('history.heading')}</h2>
          <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{t('history.description')}</p>
        </div>
        <Field label={t('history.filter')} className="sm:w-52">
          {(id) => (
            <Select id={id} value={status} onChange={(e) => setStatus(e.target.value as TPayoutStatus | '')}>
              <option value="">{t('history.all')}</option>
              {PAYOUT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`history.status.${s}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <MoveNow />
      {history.isPending ? (
        <div className="space-y-4 px-5 py-4" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-64" />
              <Skeleton className="h-3 w-80" />
            </div>
          ))}
        </div>
      ) : history.isError ? (
        <div className="space-y-3 p-5">
          <Banner>{t('errors.load')}</Banner>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : entries.length === 0 ? (
        <div className="flex flex-col items-center gap-2 px-5 py-12 text-center">
          <History className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-medium">{status ? t('history.emptyFiltered') : t('history.empty')}</p>
          {!status && <p className="text-sm text-slate-500 dark:text-slate-400">{t('history.emptyHint')}</p>}
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200 dark:divide-white/10">
            {entries.map((e) => (
              <li key={e.id} data-testid="payout-row" data-id={e.id} className="px-5 py-4">
                <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge tone={STATUS_TONE[e.status]} dot>
                        {t(`history.status.${e.status}`)}
                      </Badge>
                      <span className="text-sm font-medium text-slate-700 dark:text-slate-200">
                        {t(`history.kinds.${e.kind}`)}
                      </span>
                      <span className="text-sm text-slate-500 dark:text-slate-400">
                        {networkName(e.network)} · {date(e.createdAt)}
                      </span>
                    </div>
                    <p className="flex flex-wrap items-center gap-x-2 text-sm">
                      <Amount amount={e.originalAmount} currency={e.originalCurrency} lang={lang} />
                      <span className="text-slate-400" aria-hidden="true">
                        →
                      </span>
                      <span className="sr-only">{t('history.convertedTo')}</span>
                      {converted(e)}
                    </p>
                    {e.failureReason && (
                      <p className="text-sm text-red-700 dark:text-red-300">{e.failureReason}</p>
                    )}
                  </div>
                  <dl className="grid shrink-0 grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm lg:text-right">
                    <dt className="text-slate-500 dark:text-slate-400">{t('history.wallet')}</dt>
                    <dd className="font-mono" title={e.walletAddress}>
                      {shortAddress(e.walletAddress)}
                    </dd>
                    {e.exchangeRate && (
                      <>
                        <dt className="text-slate-500 dark:text-slate-400">{t('history.rate')}</dt>
                        <dd className="tabular-nums">
                          {t('history.rateValue', {
                            from: e.originalCurrency,
                            rate: formatPlaces(e.exchangeRate, HISTORY_PLACES, lang).text,
                            to: e.payoutCurrency,
                          })}
                        </dd>
                      </>
                    )}
                    {e.fee !== null && e.feeCurrency && (
                      <>
                        <dt className="text-slate-500 dark:text-slate-400">{t('history.fee')}</dt>
                        <dd>
                          <Amount amount={e.fee} currency={e.feeCurrency} lang={lang} />
                        </dd>
                      </>
                    )}
                    <dt className="text-slate-500 dark:text-slate-400">{t('history.tx')}</dt>
                    <dd>{e.txHash ? <TxHash hash={e.txHash} /> : '—'}</dd>
                  </dl>
                </div>
              </li>
            ))}
          </ul>
          {history.hasNextPage && (
            <div className="border-t border-slate-200 px-5 py-3 text-center dark:border-white/10">
              <Button
                variant="outline"
                size="sm"
                loading={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {t('history.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

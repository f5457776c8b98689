import type { TWallet } from '@coinlane/core/api/wallets';
import { KeyRound, Star, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { shortAddress, WALLET_COINS } from '../utils/wallet-input.ts';

/** The network's name for a coin that the add form names with its network (EVM coins), else null. */
const networkNameOf = (w: TWallet): string | null =>
  WALLET_COINS.find((c) => c.currency === w.currency && c.network === w.network)?.networkName ?? null;

/** One row per wallet: label, coin, short address, Pending/Whitelisted, Default, and its actions. */
export function WalletList({
  wallets,
  onVerify,
  onMakeDefault,
  onDelete,
  busyId,
}: {
  wallets: TWallet[];
  onVerify: (w: TWallet) => void;
  onMakeDefault: (w: TWallet) => void;
  onDelete: (w: TWallet) => void;
  busyId: string | null;
}) {
  const { t } = useTranslation('payouts');
  return (
    <ul className="divide-y divide-slate-200 dark:divide-white/10">
      {wallets.map((w) => (
        <li
          key={w.id}
          data-testid="wallet-row"
          data-id={w.id}
          className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{w.label}</span>
              <Badge tone={w.verified ? 'green' : 'yellow'} dot>
                {w.verified ? t('status.whitelisted') : t('status.pending')}
              </Badge>
              {w.isDefault && <Badge tone="brand">{t('status.default')}</Badge>}
              {w.gapLimitNeeded !== null && (
                <Badge tone="yellow">{t('gap.badge', { count: w.gapLimitNeeded })}</Badge>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400">
              <span className="font-semibold text-slate-700 dark:text-slate-200">
                {/* A token lives on several networks: say which one, as the add form does. */}
                {networkNameOf(w) ? `${w.currency} (${networkNameOf(w)})` : w.currency}
              </span>
              <span className="font-mono" title={w.kind === 'address' ? w.address : undefined}>
                {shortAddress(w.address)}
              </span>
              {w.kind === 'xpub' && (
                <span className="inline-flex items-center gap-1">
                  <KeyRound className="size-3.5" aria-hidden="true" />
                  {t('status.key')}
                </span>
              )}
              <span>
                {/* The dot separates on one line; on a phone the type often wraps to a line of its own. */}
                <span className="max-sm:hidden" aria-hidden="true">
                  ·{' '}
                </span>
                {/* An EVM address says how it receives (forwarder or itself); anything else its address type. */}
                {w.receiveMode === 'forwarder' || w.receiveMode === 'single'
                  ? t(`receiveModes.${w.receiveMode}`)
                  : t(`scriptTypes.${w.scriptType}`)}
              </span>
            </div>
            {w.gapLimitNeeded !== null && (
              <p className="max-w-prose text-sm text-amber-700 dark:text-amber-300">
                {t('gap.text', { count: w.gapLimitNeeded })}
              </p>
            )}
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            {!w.verified && (
              <Button size="sm" onClick={() => onVerify(w)} disabled={busyId === w.id}>
                {t('actions.verify')}
              </Button>
            )}
            {w.verified && !w.isDefault && (
              <Button size="sm" variant="outline" onClick={() => onMakeDefault(w)} loading={busyId === w.id}>
                <Star className="size-4" aria-hidden="true" />
                {t('actions.setDefault')}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onDelete(w)}
              aria-label={`${t('actions.delete')} ${w.label}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              {t('actions.delete')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function WalletListSkeleton() {
  return (
    <div className="space-y-4 px-5 py-4" aria-hidden="true">
      {[0, 1].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-3 w-64" />
        </div>
      ))}
    </div>
  );
}

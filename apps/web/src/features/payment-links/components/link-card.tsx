import type { TPaymentLink } from '@coinlane/core/api/payment-links';
import type { TPaymentLinkStatus } from '@coinlane/core/payment-status';
import { Check, Copy, ExternalLink, QrCode } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../app/paths.ts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { formatCrypto, formatFiat } from '../../../lib/amounts.ts';
import { useCopy } from '../../../lib/use-copy.ts';
import { LinkQr } from './link-qr.tsx';

export const LINK_TONE: Record<TPaymentLinkStatus, BadgeTone> = {
  active: 'green',
  completed: 'brand',
  expired: 'grey',
};

/** One payment link (merchant spec 2): amount, status, description, fiat price, dates, copy, open, QR. */
export function LinkCard({ link }: { link: TPaymentLink }) {
  const { t, i18n } = useTranslation('paymentLinks');
  const [qr, setQr] = useState(false);
  const { copied, copy } = useCopy();
  const lang = i18n.language;
  const date = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const fiatAmount = link.metadata.fiatAmount ?? link.fiatAmount;
  const fiatCurrency = link.metadata.fiatCurrency ?? link.fiatCurrency;
  const expiryText = link.expiresAt
    ? t(link.status === 'expired' ? 'card.expired' : 'card.expires', { date: date(link.expiresAt) })
    : t('card.never');
  return (
    <Card className="flex flex-col p-4 sm:p-5" data-testid="link-card" data-id={link.id}>
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-all text-lg font-semibold tabular-nums text-slate-900 dark:text-white">
          <span data-testid="link-amount">
            {formatCrypto(link.amount, link.currency, lang, { decimals: link.decimals })}
          </span>{' '}
          <span className="whitespace-nowrap text-slate-500">{link.currency}</span>
        </p>
        <Badge tone={LINK_TONE[link.status]} dot>
          {t(`status.${link.status}`)}
        </Badge>
      </div>
      {link.description && (
        <p className="mt-1 line-clamp-2 text-sm text-slate-600 dark:text-slate-300">{link.description}</p>
      )}
      {fiatAmount && fiatCurrency && (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400" data-testid="link-fiat">
          {t('card.originally', { amount: formatFiat(fiatAmount, fiatCurrency, lang) })}
        </p>
      )}
      <p className="mt-0.5 text-xs text-slate-500 dark:text-slate-400">{link.networkName}</p>
      <div className="mt-3 space-y-0.5 text-xs text-slate-500 dark:text-slate-400">
        <p>{t('card.created', { date: date(link.createdAt) })}</p>
        <p>{expiryText}</p>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="button" className={buttonClass('outline', 'sm')} onClick={() => copy(link.url)}>
          {copied ? (
            <Check className="size-4 text-green-600" aria-hidden="true" />
          ) : (
            <Copy className="size-4" aria-hidden="true" />
          )}
          {copied ? t('card.copied') : t('card.copy')}
        </button>
        <a
          href={paths.payment(link.id)}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('outline', 'sm')}
          data-testid="open-link"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t('card.open')}
        </a>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          aria-expanded={qr}
          onClick={() => setQr((v) => !v)}
        >
          <QrCode className="size-4" aria-hidden="true" />
          {qr ? t('card.hideQr') : t('card.showQr')}
        </button>
      </div>
      {qr && (
        <div className="mt-4 flex justify-center rounded-lg bg-slate-50 p-3 dark:bg-white/5">
          <LinkQr value={link.url} label={t('card.qrLabel')} />
        </div>
      )}
    </Card>
  );
}

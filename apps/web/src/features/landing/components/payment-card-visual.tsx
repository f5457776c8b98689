import { CheckCircle2, Clock, Copy, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CoinBadge } from './coin-badge.tsx';

const SIZE = 25;

/** A fixed, QR-like pattern (not a real code): three finder squares and pseudo-random modules. */
function qrModules() {
  const cells: Array<[number, number]> = [];
  let seed = 7;
  const rand = () => {
    seed = (seed * 9301 + 49297) % 233280;
    return seed / 233280;
  };
  const inFinder = (x: number, y: number) =>
    (x < 8 && y < 8) || (x >= SIZE - 8 && y < 8) || (x < 8 && y >= SIZE - 8);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      if (inFinder(x, y)) continue;
      if (rand() > 0.52) cells.push([x, y]);
    }
  }
  return cells;
}
const MODULES = qrModules();

function Finder({ x, y }: { x: number; y: number }) {
  return (
    <g>
      <rect x={x} y={y} width={7} height={7} rx={1.5} fill="currentColor" />
      <rect x={x + 1} y={y + 1} width={5} height={5} rx={1} fill="white" />
      <rect x={x + 2} y={y + 2} width={3} height={3} rx={0.75} fill="currentColor" />
    </g>
  );
}

/**
 * The hero's product visual: a stylised hosted payment page built with HTML and CSS. It is an illustration
 * (captioned as an example); no figure on it is a claim about the platform.
 */
export function PaymentCardVisual() {
  const { t } = useTranslation('landing');
  return (
    <figure className="mx-auto w-full max-w-sm">
      <div className="relative">
        <div
          aria-hidden="true"
          className="absolute -inset-8 rounded-[2.5rem] bg-gradient-to-tr from-brand-500/30 via-violet-500/20 to-sky-400/20 blur-3xl"
        />
        <div className="relative overflow-hidden rounded-2xl bg-white text-slate-900 shadow-2xl shadow-black/50 ring-1 ring-white/10">
          <div className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
            <div className="flex items-center gap-3">
              <span className="flex size-9 items-center justify-center rounded-lg bg-slate-900 text-sm font-bold text-white">
                N
              </span>
              <div>
                <p className="text-sm font-semibold">{t('card.merchant')}</p>
                <p className="text-xs text-slate-500">{t('card.description')}</p>
              </div>
            </div>
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-[11px] font-medium text-emerald-700">
              <span className="size-1.5 animate-pulse rounded-full bg-emerald-500" />
              {t('card.live')}
            </span>
          </div>
          <div className="space-y-4 px-5 py-5">
            <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
              <p className="text-xs font-medium text-slate-500">{t('card.amountDue')}</p>
              <div className="mt-1 flex items-center justify-between gap-3">
                <p className="font-mono text-2xl font-semibold tracking-tight tabular-nums">
                  49.00 <span className="text-base text-slate-500">USDT</span>
                </p>
                <CoinBadge symbol="USDT" className="size-9" />
              </div>
              <p className="mt-0.5 text-xs text-slate-500">{t('card.network', { network: 'Polygon' })}</p>
            </div>
            <div className="flex items-center justify-between rounded-lg bg-amber-50 px-3 py-2 text-xs font-medium text-amber-800 ring-1 ring-amber-200/60">
              <span className="inline-flex items-center gap-1.5">
                <span className="size-1.5 rounded-full bg-amber-500" />
                {t('card.waiting')}
              </span>
              <span className="inline-flex items-center gap-1 tabular-nums">
                <Clock className="size-3.5" aria-hidden="true" />
                {t('card.priceLock')} 14:32
              </span>
            </div>
            <div className="flex items-center gap-4">
              <div className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
                <svg
                  viewBox={`0 0 ${SIZE} ${SIZE}`}
                  className="size-28 text-slate-900"
                  role="img"
                  aria-label={t('card.scan')}
                >
                  {MODULES.map(([x, y]) => (
                    <rect
                      key={`${x}-${y}`}
                      x={x + 0.08}
                      y={y + 0.08}
                      width={0.84}
                      height={0.84}
                      rx={0.2}
                      fill="currentColor"
                    />
                  ))}
                  <Finder x={0} y={0} />
                  <Finder x={SIZE - 7} y={0} />
                  <Finder x={0} y={SIZE - 7} />
                </svg>
              </div>
              <div className="min-w-0 flex-1 space-y-2">
                <p className="text-xs text-slate-500">{t('card.scan')}</p>
                <div>
                  <p className="text-[11px] font-medium uppercase tracking-wide text-slate-400">
                    {t('card.address')}
                  </p>
                  <p className="flex items-center gap-1.5 font-mono text-xs text-slate-700">
                    0x7a3f…c91e
                    <Copy className="size-3.5 text-slate-400" aria-hidden="true" />
                  </p>
                </div>
              </div>
            </div>
          </div>
          <div className="flex items-center justify-center gap-1.5 border-t border-slate-100 bg-slate-50/80 px-5 py-2.5 text-[11px] font-medium text-slate-500">
            <ShieldCheck className="size-3.5" aria-hidden="true" />
            {t('card.poweredBy')}
          </div>
        </div>
        <div className="absolute -bottom-5 -left-3 flex items-center gap-3 rounded-xl bg-slate-900/95 px-4 py-3 text-white shadow-xl ring-1 ring-white/10 backdrop-blur sm:-left-10">
          <CheckCircle2 className="size-5 text-emerald-400" aria-hidden="true" />
          <div>
            <p className="text-xs font-semibold">{t('card.confirmed')}</p>
            <p className="font-mono text-xs text-emerald-300 tabular-nums">+49.00 USDT</p>
          </div>
        </div>
      </div>
      <figcaption className="mt-12 text-center text-xs text-slate-500">{t('card.caption')}</figcaption>
    </figure>
  );
}

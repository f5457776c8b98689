import type { TPosSale, TPosSales, TPosSession } from '@coinlane/core/api/pos';
import { LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { ListOrdered, WifiOff, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setLanguage } from '../../../lib/language.ts';
import {
  createPosSale,
  credentialStore,
  fetchPosSale,
  fetchPosSales,
  fetchPosSession,
  isUnpaired,
  pairDevice,
  simulatePosSale,
} from '../api/pos-api.ts';
import { usePosLive } from '../hooks/use-pos-live.ts';
import { type CoinChoice, KeypadView } from './keypad-view.tsx';
import { PairView } from './pair-view.tsx';
import { SaleView } from './sale-view.tsx';
import { SalesView } from './sales-view.tsx';

const COIN_KEY = 'coinlane.pos.coin';
const LANGUAGE_NAMES: Record<TLanguage, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};
/** A sale on screen is read again this often besides its live updates (the socket is a signal, not a ledger). */
const SALE_POLL_MS = 30_000;

/** A random Idempotency-Key (getRandomValues works on plain http too, where randomUUID does not). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `pos-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function savedChoice(session: TPosSession): CoinChoice | null {
  try {
    const saved = JSON.parse(localStorage.getItem(COIN_KEY) ?? 'null') as CoinChoice | null;
    const coin = session.currencies.find((c) => c.symbol === saved?.currency);
    if (saved && coin?.networks.some((n) => n.id === saved.network)) return saved;
  } catch {}
  const first = session.currencies[0];
  return first ? { currency: first.symbol, network: first.networks[0]!.id } : null;
}

/** The pairing code in the address's fragment (`/pos#pair=ABCDEFGH`), removed from the address once read. */
function takePairingCode(): string | null {
  const m = /^#pair=([A-Za-z0-9-]{1,40})$/.exec(window.location.hash);
  if (!m) return null;
  window.history.replaceState(null, '', window.location.pathname + window.location.search);
  return m[1]!;
}

/**
 * /pos: the point of sale of a shop counter (decision 026), full screen on a phone or a tablet. Paired once with
 * the code (or link) from the merchant's API Keys page, it keeps its device credential and nothing else: a keypad
 * for the amount, the coin, then the QR code and a large tick once paid; today's sales. A dropped connection shows
 * "Reconnecting…" and, once back, the sale on screen is read again so it shows what really happened meanwhile.
 */
export default function PosPage() {
  const { t, i18n } = useTranslation('pos');
  const [credential, setCredential] = useState<string | null>(() => credentialStore.get());
  const [unpaired, setUnpaired] = useState(false);
  const [pairing, setPairing] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [session, setSession] = useState<TPosSession | null>(null);
  const [sessionError, setSessionError] = useState<string | null>(null);
  const [view, setView] = useState<'keypad' | 'sale' | 'sales'>('keypad');
  const [typed, setTyped] = useState('');
  const [choice, setChoice] = useState<CoinChoice | null>(null);
  const [charge, setCharge] = useState<{ key: string | null; busy: boolean; error: string | null }>({
    key: null,
    busy: false,
    error: null,
  });
  const [sale, setSale] = useState<TPosSale | null>(null);
  const [simulating, setSimulating] = useState(false);
  const [sales, setSales] = useState<TPosSales | null>(null);
  const saleRef = useRef<TPosSale | null>(null);
  saleRef.current = sale;

  const message = useCallback(
    (err: unknown) =>
      err instanceof ApiError && err.status === 0
        ? t('errors.network')
        : err instanceof ApiError && err.message
          ? err.message
          : t('errors.generic'),
    [t],
  );

  const unpair = useCallback(() => {
    credentialStore.clear();
    setCredential(null);
    setSession(null);
    setSale(null);
    setSales(null);
    setView('keypad');
    setUnpaired(true);
  }, []);

  const pair = useCallback(
    async (code: string) => {
      setPairing({ busy: true, error: null });
      try {
        const paired = await pairDevice(code);
        credentialStore.set(paired.credential);
        setUnpaired(false);
        setCredential(paired.credential);
        setPairing({ busy: false, error: null });
      } catch (err) {
        // A wrong, used or expired code: said in the page's language.
        const refused =
          err instanceof ApiError && (err.code === 'TOKEN_INVALID' || err.code === 'VALIDATION_ERROR');
        setPairing({ busy: false, error: refused ? t('pair.invalid') : message(err) });
      }
    },
    [message, t],
  );

  useEffect(() => {
    document.title = `${t('title')} · Coinlane`;
  }, [t]);

  // A pairing link opened on this device (the QR code of the merchant's screen).
  useEffect(() => {
    const code = takePairingCode();
    if (code) void pair(code);
  }, [pair]);

  const loadSession = useCallback(async () => {
    if (!credential) return;
    try {
      const s = await fetchPosSession(credential);
      setSession(s);
      setSessionError(null);
      setChoice((c) => c ?? savedChoice(s));
    } catch (err) {
      if (isUnpaired(err)) unpair();
      else setSessionError(message(err));
    }
  }, [credential, message, unpair]);
  useEffect(() => {
    void loadSession();
  }, [loadSession]);

  const loadSales = useCallback(async () => {
    if (!credential) return;
    try {
      setSales(await fetchPosSales(credential, timeZone()));
    } catch (err) {
      if (isUnpaired(err)) unpair();
    }
  }, [credential, unpair]);

  /** The sale on screen, read again: its true state now. */
  const refreshSale = useCallback(async () => {
    const current = saleRef.current;
    if (!credential || !current) return;
    try {
      const fresh = await fetchPosSale(credential, current.id);
      setSale((s) => (s && s.id === fresh.id ? fresh : s));
    } catch (err) {
      if (isUnpaired(err)) unpair();
    }
  }, [credential, unpair]);

  const live = usePosLive({
    credential: session ? credential : null,
    onSale: (s) => {
      setSale((cur) => (cur && cur.id === s.id ? s : cur));
      setSales((list) => (list ? { ...list, sales: list.sales.map((x) => (x.id === s.id ? s : x)) } : list));
      if (s.status === 'confirmed') void loadSales();
    },
    onReconnected: () => {
      void refreshSale();
      void loadSales();
      if (sessionError) void loadSession();
    },
    onUnpaired: unpair,
  });

  useEffect(() => {
    if (session) void loadSales();
  }, [session, loadSales]);

  // The safety net: the sale on screen is read again now and then while it is open.
  const saleOpen = sale?.status === 'pending' || sale?.status === 'partial';
  useEffect(() => {
    if (!saleOpen) return;
    const timer = setInterval(() => void refreshSale(), SALE_POLL_MS);
    return () => clearInterval(timer);
  }, [saleOpen, refreshSale]);

  const chooseCoin = (c: CoinChoice) => {
    setChoice(c);
    setCharge({ key: null, busy: false, error: null });
    try {
      localStorage.setItem(COIN_KEY, JSON.stringify(c));
    } catch {}
  };

  const doCharge = async (amount: string) => {
    if (!credential || !choice) return;
    // One key per sale being rung up: a retry after a failure (a dropped reply) replays it, never creates twice.
    const key = charge.key ?? newKey();
    setCharge({ key, busy: true, error: null });
    try {
      const created = await createPosSale(
        credential,
        { fiatAmount: amount, currency: choice.currency, network: choice.network },
        key,
      );
      setSale(created);
      setView('sale');
      setTyped('');
      setCharge({ key: null, busy: false, error: null });
      void loadSales();
    } catch (err) {
      if (isUnpaired(err)) return unpair();
      const field = err instanceof ApiError ? Object.values(err.fields)[0] : undefined;
      // A refusal is final for this amount: a new tap gets a new key. A network failure keeps the key.
      const keep = err instanceof ApiError && err.status === 0;
      setCharge({ key: keep ? key : null, busy: false, error: field ?? message(err) });
    }
  };

  const simulate = async (kind: 'full' | 'partial') => {
    if (!credential || !sale) return;
    setSimulating(true);
    try {
      setSale(await simulatePosSale(credential, sale.id, kind, newKey()));
    } catch (err) {
      if (isUnpaired(err)) unpair();
    } finally {
      setSimulating(false);
    }
  };

  const newSale = () => {
    setSale(null);
    setView('keypad');
    void loadSales();
  };

  const lang = (LANGUAGES as readonly string[]).includes(i18n.language) ? (i18n.language as TLanguage) : 'en';
  const reconnecting = !!session && live === 'reconnecting';

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      <header className="sticky top-0 z-10 flex items-center gap-3 border-b border-slate-200 bg-white/95 px-4 py-2 backdrop-blur dark:border-white/10 dark:bg-slate-900/95">
        <LogoMark className="size-8 shrink-0" />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">
            {session?.merchant.name ?? t('title')}
          </p>
          {session && <p className="truncate text-xs text-slate-500">{session.device.name}</p>}
        </div>
        {session?.device.mode === 'test' && (
          <span className="hidden sm:block">
            <Badge tone="amber">{t('testMode')}</Badge>
          </span>
        )}
        {session && (
          <Button
            variant={view === 'sales' ? 'secondary' : 'outline'}
            className="h-11"
            aria-pressed={view === 'sales'}
            aria-label={view === 'sales' ? t('sales.hide') : t('sales.show')}
            onClick={() => {
              if (view === 'sales') setView(sale ? 'sale' : 'keypad');
              else {
                setView('sales');
                void loadSales();
              }
            }}
          >
            {view === 'sales' ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <ListOrdered className="size-5" aria-hidden="true" />
            )}
            <span className="hidden sm:inline">{view === 'sales' ? t('sales.hide') : t('sales.show')}</span>
          </Button>
        )}
        <label className="sr-only" htmlFor="pos-language">
          {t('language')}
        </label>
        <select
          id="pos-language"
          value={lang}
          onChange={(e) => setLanguage(e.target.value as TLanguage)}
          className="h-11 max-w-[6.5rem] rounded-lg border border-slate-300 bg-white px-2 text-sm sm:max-w-none dark:border-white/15 dark:bg-slate-900 dark:text-white"
        >
          {LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_NAMES[l]}
            </option>
          ))}
        </select>
      </header>
      {session?.device.mode === 'test' && (
        <p className="bg-amber-100 px-4 py-1 text-center text-xs font-medium text-amber-900 sm:hidden dark:bg-amber-500/15 dark:text-amber-200">
          {t('testMode')}
        </p>
      )}
      {reconnecting && (
        <div
          role="status"
          data-testid="pos-reconnecting"
          className="flex items-center justify-center gap-2 bg-amber-500 px-4 py-2 text-sm font-semibold text-amber-950"
        >
          <WifiOff className="size-4 shrink-0" aria-hidden="true" />
          <span>{t('banner.reconnecting')}</span>
          <span className="hidden font-normal md:inline">{t('banner.reconnectingText')}</span>
        </div>
      )}

      <main className="flex flex-1 flex-col">
        {!credential ? (
          <PairView
            unpaired={unpaired}
            busy={pairing.busy}
            error={pairing.error}
            onPair={(c) => void pair(c)}
          />
        ) : !session ? (
          sessionError ? (
            <div className="mx-auto w-full max-w-md px-5 py-10">
              <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
                <span>{sessionError}</span>
                <Button size="sm" variant="outline" onClick={() => void loadSession()}>
                  {t('retry')}
                </Button>
              </Banner>
            </div>
          ) : (
            <PageSpinner />
          )
        ) : view === 'sales' ? (
          <SalesView
            sales={sales}
            loading={!sales}
            onOpen={(s) => {
              setSale(s);
              setView('sale');
              void (async () => {
                try {
                  const fresh = await fetchPosSale(credential, s.id);
                  setSale((cur) => (cur?.id === fresh.id ? fresh : cur));
                } catch {}
              })();
            }}
          />
        ) : view === 'sale' && sale ? (
          <SaleView
            sale={sale}
            testMode={session.device.mode === 'test'}
            simulating={simulating}
            onSimulate={(k) => void simulate(k)}
            onNewSale={newSale}
            onDeadline={refreshSale}
          />
        ) : (
          <KeypadView
            session={session}
            typed={typed}
            onTyped={(v) => {
              setTyped(v);
              if (charge.key || charge.error) setCharge({ key: null, busy: false, error: null });
            }}
            choice={choice}
            onChoice={chooseCoin}
            busy={charge.busy}
            error={charge.error}
            onCharge={(a) => void doCharge(a)}
          />
        )}
      </main>
    </div>
  );
}

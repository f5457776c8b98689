import { normalizePairingCode } from '@coinlane/core/api/pos';
import { Link2Off, Smartphone } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';

/** The device is not paired (or no longer is): the code from the merchant's screen, typed by hand. */
export function PairView({
  unpaired,
  busy,
  error,
  onPair,
}: {
  /** It was paired, and the merchant revoked or replaced it. */
  unpaired: boolean;
  busy: boolean;
  error: string | null;
  onPair: (code: string) => void;
}) {
  const { t } = useTranslation('pos');
  const [code, setCode] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (normalizePairingCode(code).length > 0) onPair(code);
  };
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center gap-6 px-5 py-10">
      {unpaired && (
        <section
          role="alert"
          className="rounded-2xl border border-red-300 bg-red-50 p-5 text-red-900 dark:border-red-500/40 dark:bg-red-500/10 dark:text-red-200"
        >
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <Link2Off className="size-5" aria-hidden="true" />
            {t('pair.unpairedTitle')}
          </h2>
          <p className="mt-2 text-sm">{t('pair.unpairedText')}</p>
        </section>
      )}
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-white/10 dark:bg-slate-900">
        <span className="inline-flex rounded-full bg-brand-50 p-3 text-brand-600 dark:bg-brand-500/10 dark:text-brand-300">
          <Smartphone className="size-6" aria-hidden="true" />
        </span>
        <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
          {t('pair.title')}
        </h1>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t('pair.text')}</p>
        <form onSubmit={submit} className="mt-6 space-y-4">
          <label className="block">
            <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('pair.code')}</span>
            <input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              maxLength={20}
              placeholder="ABCD-EFGH"
              className="mt-1 block h-14 w-full rounded-xl border border-slate-300 bg-white px-4 text-center font-mono text-2xl tracking-[0.2em] uppercase text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-white/15 dark:bg-slate-950 dark:text-white"
            />
          </label>
          {error && <Banner tone="error">{error}</Banner>}
          <Button type="submit" size="lg" className="h-14 w-full text-lg" loading={busy}>
            {busy ? t('pair.pairing') : t('pair.submit')}
          </Button>
        </form>
      </section>
    </div>
  );
}

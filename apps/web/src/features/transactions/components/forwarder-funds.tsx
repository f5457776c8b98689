import type { TFlushTransaction } from '@coinlane/core/api/payments';
import type { TTransaction } from '@coinlane/core/api/transactions';
import { NETWORKS, type TNetworkId } from '@coinlane/core/currencies';
import { useQuery } from '@tanstack/react-query';
import { ArrowRightLeft, Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { fetchFlushTransaction } from '../api/transactions-api.ts';

const short = (h: string) => (h.length > 18 ? `${h.slice(0, 10)}…${h.slice(-6)}` : h);

/** An EIP-1193 provider (MetaMask and the like), when the browser has one. */
type Eip1193 = { request: (args: { method: string; params?: unknown[] }) => Promise<unknown> };
const browserWallet = (): Eip1193 | null =>
  typeof window === 'undefined' ? null : ((window as { ethereum?: Eip1193 }).ethereum ?? null);

/**
 * Where the money of a live payment paid to a forwarder deposit address is: moved to the merchant's address
 * (with the flush transaction), or still in the deposit address: Coinlane moves confirmed payments by itself,
 * and money on a payment that is not confirmed (partly paid, expired) waits for the merchant. "Move now" shows
 * the flush call to send from any wallet, or from the browser's wallet when it has one (decision 010); it stays
 * offered after a flush, for money that arrived later.
 */
export function ForwarderFunds({ tx }: { tx: TTransaction }) {
  const { t } = useTranslation('transactions');
  const [open, setOpen] = useState(false);
  const received = /[1-9]/.test(tx.amountReceived);
  if (!tx.forwarder || !received) return null;
  const { flushedAt, flushTx } = tx.forwarder;
  return (
    <div className="text-xs text-slate-500 dark:text-slate-400" data-testid="forwarder-funds">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {flushedAt ? (
          <span className="inline-flex items-center gap-1">
            <Check className="size-3.5 text-emerald-500" aria-hidden="true" />
            {t('forwarder.moved')}
            {flushTx && (
              <span className="font-mono" title={flushTx}>
                {short(flushTx)}
              </span>
            )}
          </span>
        ) : (
          <span>{t(tx.paymentStatus === 'confirmed' ? 'forwarder.waiting' : 'forwarder.waitingManual')}</span>
        )}
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="inline-flex items-center gap-1 font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          <ArrowRightLeft className="size-3.5" aria-hidden="true" />
          {t('forwarder.moveNow')}
        </button>
      </p>
      <FlushDialog tx={tx} open={open} onClose={() => setOpen(false)} />
    </div>
  );
}

function FlushDialog({ tx, open, onClose }: { tx: TTransaction; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const q = useQuery({
    queryKey: ['flush-transaction', tx.id],
    queryFn: () => fetchFlushTransaction(tx.id),
    retry: false,
    enabled: open,
  });
  const [copied, setCopied] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const wallet = browserWallet();
  const network = NETWORKS[tx.network as TNetworkId]?.name ?? tx.network;

  const copy = async (key: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(key);
    } catch {
      setProblem(t('forwarder.copyFailed'));
    }
  };
  const send = async (f: TFlushTransaction) => {
    if (!wallet) return;
    setSending(true);
    setProblem(null);
    try {
      const [from] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
      const chainId = `0x${f.chainId.toString(16)}`;
      if ((await wallet.request({ method: 'eth_chainId' })) !== chainId) {
        await wallet.request({ method: 'wallet_switchEthereumChain', params: [{ chainId }] });
      }
      const hash = (await wallet.request({
        method: 'eth_sendTransaction',
        // the reply's gas limit: enough whatever the tokens do (some nodes cannot estimate the call)
        params: [{ from, to: f.to, data: f.data, value: '0x0', gas: `0x${BigInt(f.gas).toString(16)}` }],
      })) as string;
      setSent(hash);
    } catch (err) {
      setProblem(errorMessage(err, t('forwarder.sendFailed')));
    } finally {
      setSending(false);
    }
  };

  const f = q.data;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('forwarder.title')}
      description={t('forwarder.description', { network })}
      closeLabel={t('forwarder.close')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('forwarder.close')}
          </Button>
          {f && wallet && (
            <Button onClick={() => void send(f)} disabled={sending || sent !== null}>
              {sending && <Spinner className="size-4" />}
              {t('forwarder.sendWithWallet')}
            </Button>
          )}
        </>
      }
    >
      {q.isPending && <Spinner />}
      {q.isError && <Banner>{errorMessage(q.error, t('forwarder.loadFailed'))}</Banner>}
      {problem && <Banner>{problem}</Banner>}
      {f && (
        <div className="space-y-4 text-sm" data-testid="flush-transaction">
          <p className="text-slate-600 dark:text-slate-300">
            {t('forwarder.onlyTo')}{' '}
            <span className="break-all font-mono text-slate-900 dark:text-white">{f.merchantAddress}</span>
          </p>
          <dl className="grid gap-3">
            {(
              [
                ['depositAddress', f.depositAddress],
                ['to', f.to],
                ['chainId', String(f.chainId)],
                ['value', f.value],
                ['data', f.data],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className="min-w-0">
                <dt className="flex items-center justify-between gap-2 text-xs font-medium text-slate-500 dark:text-slate-400">
                  {t(`forwarder.fields.${key}`)}
                  {(key === 'to' || key === 'data') && (
                    <button
                      type="button"
                      aria-label={t('forwarder.copyField', { field: t(`forwarder.fields.${key}`) })}
                      onClick={() => void copy(key, value)}
                      className="inline-flex items-center gap-1 text-brand-600 hover:underline dark:text-brand-400"
                    >
                      {copied === key ? <Check className="size-3.5" /> : <Copy className="size-3.5" />}
                      <span aria-live="polite">{copied === key ? t('copied') : t('forwarder.copy')}</span>
                    </button>
                  )}
                </dt>
                <dd
                  className={
                    key === 'data'
                      ? 'mt-1 max-h-28 overflow-y-auto break-all rounded-lg bg-slate-100 p-2 font-mono text-xs dark:bg-white/5'
                      : 'mt-0.5 break-all font-mono text-slate-900 dark:text-white'
                  }
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('forwarder.hint')}</p>
          {sent && (
            <p className="text-emerald-700 dark:text-emerald-400" role="status">
              {t('forwarder.sent')} <span className="break-all font-mono">{sent}</span>
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}

import { canApprove, canSuspend } from '@coinlane/core/account-status';
import { CheckCircle2, FileText, PauseCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { TUserRow } from '../api/admin-api.ts';
import { countryName, formatCount, formatListDate, formatVolume } from '../utils/format.ts';
import { KycBadge, ProcessingOverlay, RiskScore, StatusBadge } from './admin-parts.tsx';

export type Notice = { tone: 'success' | 'error' | 'warning'; text: string; items?: string[] };

/** The details modal of user management (admin spec 2). */
export function UserDetailsDialog({
  user,
  onClose,
  canWrite,
  processing,
  notice,
  onAction,
}: {
  user: TUserRow | null;
  onClose: () => void;
  canWrite: boolean;
  processing: boolean;
  notice: Notice | null;
  onAction: (user: TUserRow, action: 'approve' | 'suspend') => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const none = t('users.details.notSpecified');
  const showApprove = !!user && canWrite && canApprove(user.status);
  const showSuspend = !!user && canWrite && canSuspend(user.status);
  const hasTx = user?.totalTransactions != null || user?.totalVolume != null || user?.monthlyVolume != null;
  const documents = user?.documents ?? [];

  return (
    <Dialog
      open={!!user}
      onClose={onClose}
      closeLabel={t('users.details.close')}
      title={t('users.details.title')}
      footer={
        user && (
          <>
            <Button variant="outline" onClick={onClose}>
              {t('users.details.close')}
            </Button>
            {showSuspend && (
              <Button variant="danger" onClick={() => onAction(user, 'suspend')} disabled={processing}>
                <PauseCircle className="size-4" aria-hidden="true" />
                {t('users.suspend')}
              </Button>
            )}
            {showApprove && (
              <Button onClick={() => onAction(user, 'approve')} disabled={processing}>
                <CheckCircle2 className="size-4" aria-hidden="true" />
                {t('users.approve')}
              </Button>
            )}
          </>
        )
      }
    >
      {user && (
        <div className="relative">
          <ProcessingOverlay show={processing} />
          <div className="mb-6 flex items-center gap-4">
            <Avatar name={user.name || user.email} className="size-12 text-sm" />
            <div className="min-w-0">
              <p className="flex items-center gap-2 truncate text-base font-semibold">
                <span className="truncate">{user.name || user.email}</span>
                {user.isAdmin && <Badge tone="amber">{t('adminTag')}</Badge>}
              </p>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400">{user.email}</p>
            </div>
          </div>
          {notice && (
            <Banner tone={notice.tone} className="mb-5">
              {notice.text}
              {notice.items && notice.items.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {notice.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </Banner>
          )}
          <div className="grid gap-6 sm:grid-cols-2">
            <Section title={t('users.details.basicInformation')}>
              <dl className="space-y-2.5">
                <Item label={t('users.details.name')}>{user.name || none}</Item>
                <Item label={t('users.details.email')}>{user.email || none}</Item>
                <Item label={t('users.details.country')}>
                  {user.country
                    ? user.country === 'other'
                      ? t('other')
                      : countryName(user.country, lang)
                    : none}
                </Item>
                <Item label={t('users.details.businessType')}>
                  {user.businessType
                    ? t(`businessTypes.${user.businessType}`, { defaultValue: user.businessType })
                    : none}
                </Item>
              </dl>
            </Section>
            <Section title={t('users.details.statusAndVerification')}>
              <dl className="space-y-2.5">
                <Item label={t('users.details.accountStatus')}>
                  <StatusBadge status={user.status} />
                </Item>
                <Item label={t('users.details.kycStatus')}>
                  <KycBadge status={user.kycStatus} />
                </Item>
                <Item label={t('users.details.riskScore')}>
                  <RiskScore score={user.riskScore} />
                </Item>
                {user.adminRole && (
                  <Item label={t('users.details.role')}>
                    <span className="capitalize">{t(`roles.${user.adminRole}`, { ns: 'common' })}</span>
                  </Item>
                )}
                <Item label={t('users.details.memberSince')}>{formatListDate(user.createdAt, lang)}</Item>
                <Item label={t('users.details.lastLogin')}>
                  {user.lastLogin ? formatListDate(user.lastLogin, lang) : t('users.never')}
                </Item>
              </dl>
            </Section>
            <Section title={t('users.details.transactionData')}>
              <dl className="space-y-2.5">
                <Item label={t('users.details.totalTransactions')}>
                  {user.totalTransactions != null ? formatCount(user.totalTransactions, lang) : '—'}
                </Item>
                <Item label={t('users.details.totalVolume')}>
                  {user.totalVolume != null ? formatVolume(user.totalVolume, lang) : '—'}
                </Item>
                <Item label={t('users.details.monthlyVolume')}>
                  {user.monthlyVolume != null ? formatVolume(user.monthlyVolume, lang) : '—'}
                </Item>
              </dl>
              {!hasTx && (
                <p className="pt-2.5 text-xs text-slate-500 dark:text-slate-400">{t('users.noData')}</p>
              )}
            </Section>
            <Section title={t('users.details.submittedDocuments')}>
              {documents.length === 0 ? (
                <p className="flex items-center gap-2 py-1 text-sm text-slate-500 dark:text-slate-400">
                  <FileText className="size-4" aria-hidden="true" />
                  {t('users.details.noDocuments')}
                </p>
              ) : (
                <ul className="space-y-1.5">
                  {documents.map((doc) => (
                    <li key={doc} className="flex items-center gap-2 text-sm capitalize">
                      <FileText className="size-4 text-slate-400" aria-hidden="true" />
                      {doc.replaceAll('_', ' ')}
                    </li>
                  ))}
                </ul>
              )}
            </Section>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 dark:border-white/10">
      <h3 className="mb-3 text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4">
      <dt className="shrink-0 text-sm text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-slate-900 dark:text-slate-100">
        {children}
      </dd>
    </div>
  );
}

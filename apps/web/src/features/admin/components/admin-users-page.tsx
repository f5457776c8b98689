import { canApprove, canSuspend, type TAccountEvent } from '@coinlane/core/account-status';
import { hasPermission } from '@coinlane/core/permissions';
import { useMutation } from '@tanstack/react-query';
import {
  CheckCircle2,
  Eye,
  Layers,
  MoreHorizontal,
  PauseCircle,
  RefreshCw,
  Search,
  UsersRound,
  X,
} from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Input, Select } from '../../../components/ui/field.tsx';
import { Menu, type MenuItem } from '../../../components/ui/menu.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/auth.ts';
import { bulkChangeUserStatus, changeUserStatus, type TUserRow } from '../api/admin-api.ts';
import { useAdminUsers, useMergeUsers } from '../hooks/use-admin-users.ts';
import { countryName, formatCount, formatListDate, formatVolume } from '../utils/format.ts';
import { refusalText } from '../utils/messages.ts';
import { filterUsers, userCounts } from '../utils/users.ts';
import {
  KycBadge,
  LoadFailed,
  PageHeader,
  ProcessingOverlay,
  RiskScore,
  StatusBadge,
} from './admin-parts.tsx';
import { type Notice, UserDetailsDialog } from './user-details-dialog.tsx';

const STATUS_FILTERS = ['all', 'active', 'pending', 'suspended'] as const;
const KYC_FILTERS = ['all', 'verified', 'pending', 'rejected'] as const;

/** User Management (admin spec 2, 4, 5, 8, 9). */
export default function AdminUsersPage() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const { user: viewer } = useSession();
  const canWrite = hasPermission(viewer, 'users.write');
  const canManage = hasPermission(viewer, 'admin.manage');
  const users = useAdminUsers();

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>('all');
  const [kyc, setKyc] = useState<string>('all');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const all = users.data ?? [];
  const filtered = useMemo(
    () => filterUsers(users.data ?? [], { search, status, kyc }),
    [users.data, search, status, kyc],
  );
  const counts = useMemo(() => userCounts(users.data ?? []), [users.data]);
  const details = detailsId ? (all.find((u) => u.id === detailsId) ?? null) : null;

  // Only rows on screen stay selected: a bulk action never reaches a row the filters hide.
  useEffect(() => {
    const visible = new Set(filtered.map((u) => u.id));
    setSelected((prev) => {
      const next = new Set([...prev].filter((id) => visible.has(id)));
      return next.size === prev.size ? prev : next;
    });
  }, [filtered]);
  useEffect(() => {
    if (selected.size === 0) setBulkOpen(false);
  }, [selected.size]);

  const merge = useMergeUsers();
  const nameOf = (id: string) => {
    const u = all.find((x) => x.id === id);
    return u ? u.name || u.email : t('users.details.notSpecified');
  };
  const failureText = (err: unknown, fallbackKey: string) => {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
      return refusalText(err.message, t) ?? (err.message || t(fallbackKey));
    }
    return t(fallbackKey);
  };

  const single = useMutation({
    mutationFn: ({ user, action }: { user: TUserRow; action: TAccountEvent }) =>
      changeUserStatus(user.id, action),
    onMutate: () => setNotice(null),
    onSuccess: (updated, { action }) => {
      merge([updated]);
      setNotice({
        tone: 'success',
        text: t(action === 'approve' ? 'users.approved' : 'users.suspended', {
          name: updated.name || updated.email,
        }),
      });
    },
    onError: (err, { action }) =>
      setNotice({
        tone: 'error',
        text: failureText(err, action === 'approve' ? 'users.approveFailed' : 'users.suspendFailed'),
      }),
  });

  const bulk = useMutation({
    mutationFn: ({ ids, action }: { ids: string[]; action: TAccountEvent }) =>
      bulkChangeUserStatus(ids, action),
    onMutate: () => setNotice(null),
    onSuccess: (result) => {
      merge(result.updated);
      setSelected(new Set());
      setBulkOpen(false);
      const done = t(result.action === 'approve' ? 'users.bulkApproved' : 'users.bulkSuspended', {
        count: result.updated.length,
      });
      if (result.skipped.length === 0) setNotice({ tone: 'success', text: done });
      else
        setNotice({
          tone: 'warning',
          text: `${done} ${t('users.skipped', { count: result.skipped.length })}`,
          items: result.skipped.map((s) => `${nameOf(s.id)}: ${refusalText(s.reason, t) ?? s.reason}`),
        });
    },
    onError: (err, { action }) =>
      setNotice({
        tone: 'error',
        text: failureText(err, action === 'approve' ? 'users.bulkApproveFailed' : 'users.bulkSuspendFailed'),
      }),
  });

  const processing = single.isPending || bulk.isPending;
  const act = (user: TUserRow, action: TAccountEvent) => {
    if (canWrite && !processing) single.mutate({ user, action });
  };

  const allSelected = filtered.length > 0 && filtered.every((u) => selected.has(u.id));
  const someSelected = !allSelected && filtered.some((u) => selected.has(u.id));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(filtered.map((u) => u.id)));
  const toggleOne = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const filtersOn = search.trim() !== '' || status !== 'all' || kyc !== 'all';

  const header = (
    <PageHeader
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      actions={
        <>
          {canWrite && selected.size > 0 && (
            <Button
              variant={bulkOpen ? 'secondary' : 'primary'}
              onClick={() => setBulkOpen((o) => !o)}
              aria-expanded={bulkOpen}
            >
              <Layers className="size-4" aria-hidden="true" />
              {t('users.bulkActions', { count: selected.size })}
            </Button>
          )}
          <Button variant="outline" onClick={() => void users.refetch()} disabled={users.isFetching}>
            <RefreshCw className={cn('size-4', users.isFetching && 'animate-spin')} aria-hidden="true" />
            {t('users.refresh')}
          </Button>
        </>
      }
    />
  );

  if (users.isPending) {
    return (
      <div>
        {header}
        <PageSpinner label={t('loading', { ns: 'common' })} />
      </div>
    );
  }
  if (users.isError && !users.data) {
    return (
      <div>
        {header}
        <LoadFailed
          text={t('users.loadFailed')}
          retryLabel={t('retry')}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      </div>
    );
  }

  return (
    <div>
      {header}

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Figure label={t('users.totalUsers')} value={formatCount(counts.total, lang)} />
        <Figure label={t('users.admins')} value={formatCount(counts.admins, lang)} />
        <Figure label={t('users.regularUsers')} value={formatCount(counts.regular, lang)} />
        <Figure label={t('users.shown')} value={formatCount(filtered.length, lang)} highlight={filtersOn} />
      </dl>

      {users.isError && (
        <Banner className="mb-4">
          <span className="flex flex-wrap items-center justify-between gap-2">
            {t('users.loadFailed')}
            <Button size="sm" variant="outline" onClick={() => void users.refetch()}>
              {t('retry')}
            </Button>
          </span>
        </Banner>
      )}
      {notice && !details && (
        <Banner tone={notice.tone} className="mb-4">
          <span className="flex items-start justify-between gap-3">
            <span>
              {notice.text}
              {notice.items && notice.items.length > 0 && (
                <ul className="mt-1 list-disc pl-5">
                  {notice.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </span>
            <button
              type="button"
              onClick={() => setNotice(null)}
              aria-label={t('close', { ns: 'common' })}
              className="-m-1 rounded p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-current"
            >
              <X className="size-4" />
            </button>
          </span>
        </Banner>
      )}

      {canWrite && bulkOpen && selected.size > 0 && (
        <section
          aria-label={t('users.bulkActions', { count: selected.size })}
          className="mb-4 flex flex-col gap-3 rounded-xl border border-brand-200 bg-brand-50 px-3 py-3 sm:flex-row sm:items-center sm:justify-between dark:border-brand-400/20 dark:bg-brand-500/10"
        >
          <p className="text-sm font-medium text-brand-900 dark:text-brand-100">
            {t('users.bulkTitle', { count: selected.size })}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={() => bulk.mutate({ ids: [...selected], action: 'approve' })}
              disabled={processing}
            >
              <CheckCircle2 className="size-4" aria-hidden="true" />
              {t('users.approveSelected')}
            </Button>
            <Button
              size="sm"
              variant="danger"
              onClick={() => bulk.mutate({ ids: [...selected], action: 'suspend' })}
              disabled={processing}
            >
              <PauseCircle className="size-4" aria-hidden="true" />
              {t('users.suspendSelected')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setBulkOpen(false)} disabled={processing}>
              {t('users.cancel')}
            </Button>
          </div>
        </section>
      )}

      <Card className="relative">
        <ProcessingOverlay show={processing && !details} />
        <div className="flex flex-col gap-3 border-b border-slate-200 p-4 sm:flex-row sm:items-center dark:border-white/10">
          <div className="relative flex-1">
            <Search
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('users.search')}
              aria-label={t('users.searchLabel')}
              className="pl-9"
            />
          </div>
          <div className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:flex">
            <Select
              value={status}
              onChange={(e) => setStatus(e.target.value)}
              aria-label={t('users.statusFilter')}
              className="sm:w-auto sm:min-w-40"
            >
              {STATUS_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? t('users.allStatus') : t(`status.${s}`)}
                </option>
              ))}
            </Select>
            <Select
              value={kyc}
              onChange={(e) => setKyc(e.target.value)}
              aria-label={t('users.kycFilter')}
              className="sm:w-auto sm:min-w-44"
            >
              {KYC_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {s === 'all' ? t('users.allVerification') : t(`kyc.${s}`)}
                </option>
              ))}
            </Select>
          </div>
        </div>

        {filtered.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-6 py-16 text-center">
            <UsersRound className="size-10 text-slate-300 dark:text-slate-600" aria-hidden="true" />
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {all.length === 0 ? t('users.noUsers') : t('users.noMatches')}
            </p>
            {filtersOn && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => {
                  setSearch('');
                  setStatus('all');
                  setKyc('all');
                }}
              >
                {t('users.clearFilters')}
              </Button>
            )}
          </div>
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead>
                <tr className="border-b border-slate-200 bg-slate-50/80 text-left text-xs font-medium uppercase tracking-wide text-slate-500 dark:border-white/10 dark:bg-white/[0.02] dark:text-slate-400">
                  {canWrite && (
                    <th scope="col" className="w-10 py-3 pl-4 pr-2">
                      <Checkbox
                        checked={allSelected}
                        indeterminate={someSelected}
                        onChange={toggleAll}
                        aria-label={t('users.selectAll')}
                      />
                    </th>
                  )}
                  <Th>{t('users.col.user')}</Th>
                  <Th>{t('users.col.status')}</Th>
                  <Th className="hidden sm:table-cell">{t('users.col.verification')}</Th>
                  <Th className="hidden xl:table-cell">{t('users.col.transactions')}</Th>
                  <Th className="hidden md:table-cell">{t('users.col.riskScore')}</Th>
                  <Th className="hidden lg:table-cell">{t('users.col.lastLogin')}</Th>
                  <Th className="w-px text-right">{t('users.col.actions')}</Th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-white/5">
                {filtered.map((u) => {
                  const name = u.name || u.email;
                  const items: MenuItem[] = [
                    {
                      key: 'view',
                      label: t('users.viewDetails'),
                      icon: <Eye />,
                      onSelect: () => setDetailsId(u.id),
                    },
                  ];
                  // An administrator's account needs admin.manage, and nobody suspends their own (the server
                  // refuses both): no menu entry that can only fail.
                  const mayActOn = canWrite && (!u.isAdmin || canManage);
                  if (mayActOn && canApprove(u.status)) {
                    items.push({
                      key: 'approve',
                      label: t('users.approve'),
                      icon: <CheckCircle2 />,
                      tone: 'success',
                      onSelect: () => act(u, 'approve'),
                    });
                  }
                  if (mayActOn && u.id !== viewer?.id && canSuspend(u.status)) {
                    items.push({
                      key: 'suspend',
                      label: t('users.suspend'),
                      icon: <PauseCircle />,
                      tone: 'danger',
                      onSelect: () => act(u, 'suspend'),
                    });
                  }
                  const meta = [
                    u.businessType
                      ? t(`businessTypes.${u.businessType}`, { defaultValue: u.businessType })
                      : null,
                    u.country ? (u.country === 'other' ? t('other') : countryName(u.country, lang)) : null,
                  ].filter(Boolean);
                  return (
                    <tr
                      key={u.id}
                      className={cn(
                        'transition-colors hover:bg-slate-50 dark:hover:bg-white/[0.02]',
                        selected.has(u.id) && 'bg-brand-50/60 dark:bg-brand-500/5',
                      )}
                    >
                      {canWrite && (
                        <td className="py-3 pl-4 pr-2">
                          <Checkbox
                            checked={selected.has(u.id)}
                            onChange={() => toggleOne(u.id)}
                            aria-label={t('users.selectUser', { name })}
                          />
                        </td>
                      )}
                      <td className="w-full max-w-0 px-3 py-3 sm:w-auto sm:max-w-none">
                        <div className="flex min-w-0 items-center gap-3 sm:max-w-80 xl:max-w-52 2xl:max-w-80">
                          <span className="hidden sm:block">
                            <Avatar name={name} />
                          </span>
                          <div className="min-w-0">
                            <button
                              type="button"
                              onClick={() => setDetailsId(u.id)}
                              className="flex max-w-full items-center gap-2 rounded text-left font-medium text-slate-900 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 dark:text-slate-100 dark:hover:text-brand-300"
                            >
                              <span className="truncate">{name}</span>
                              {u.isAdmin && <Badge tone="amber">{t('adminTag')}</Badge>}
                            </button>
                            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{u.email}</p>
                            {meta.length > 0 && (
                              <p className="truncate text-xs text-slate-400 dark:text-slate-500">
                                {meta.join(' · ')}
                              </p>
                            )}
                          </div>
                        </div>
                      </td>
                      <td className="px-3 py-3">
                        <StatusBadge status={u.status} />
                      </td>
                      <td className="hidden px-3 py-3 sm:table-cell">
                        <KycBadge status={u.kycStatus} />
                      </td>
                      <td className="hidden px-3 py-3 whitespace-nowrap xl:table-cell">
                        <span className="font-medium tabular-nums">
                          {formatCount(u.totalTransactions, lang)}
                        </span>
                        <span className="block text-xs text-slate-500 tabular-nums">
                          {formatVolume(u.totalVolume, lang)}
                        </span>
                      </td>
                      <td className="hidden px-3 py-3 md:table-cell">
                        <RiskScore score={u.riskScore} />
                      </td>
                      <td className="hidden px-3 py-3 whitespace-nowrap text-slate-600 lg:table-cell dark:text-slate-400">
                        {u.lastLogin ? formatListDate(u.lastLogin, lang) : t('users.never')}
                      </td>
                      <td className="px-3 py-3 text-right">
                        <Menu
                          label={t('users.actionsFor', { name })}
                          trigger={<MoreHorizontal className="size-5" aria-hidden="true" />}
                          triggerClassName="inline-flex size-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-white/5 dark:hover:text-white"
                          items={items}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Card>

      <UserDetailsDialog
        user={details}
        onClose={() => {
          setDetailsId(null);
          setNotice(null);
        }}
        viewerId={viewer?.id ?? null}
        canWrite={canWrite}
        canManage={canManage}
        canDelete={hasPermission(viewer, 'users.delete')}
        canVerify={hasPermission(viewer, 'users.verify')}
        processing={single.isPending}
        notice={notice}
        onNotice={setNotice}
        onAction={act}
      />
    </div>
  );
}

function Th({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <th scope="col" className={cn('px-3 py-3 align-bottom font-medium', className)}>
      {children}
    </th>
  );
}

function Figure({ label, value, highlight = false }: { label: string; value: string; highlight?: boolean }) {
  return (
    <div
      className={cn(
        'rounded-xl border bg-white px-3 py-3 shadow-sm dark:bg-slate-900/60',
        highlight ? 'border-brand-300 dark:border-brand-400/40' : 'border-slate-200 dark:border-white/10',
      )}
    >
      <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-xl font-semibold tabular-nums text-slate-900 dark:text-white">{value}</dd>
    </div>
  );
}

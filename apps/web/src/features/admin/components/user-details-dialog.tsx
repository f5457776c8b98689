import { canApprove, canSuspend } from '@coinlane/core/account-status';
import { BUSINESS_TYPES, COUNTRIES } from '@coinlane/core/options';
import { ADMIN_ROLES, type TAdminRole } from '@coinlane/core/permissions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, PauseCircle, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionKey } from '../../../lib/auth.ts';
import {
  adminUsersKey,
  deleteUser,
  setAdminRole,
  type TUserDetailsChanges,
  type TUserRow,
  updateUserDetails,
} from '../api/admin-api.ts';
import { useMergeUsers } from '../hooks/use-admin-users.ts';
import { countryName, formatCount, formatListDate, formatVolume } from '../utils/format.ts';
import { refusalText } from '../utils/messages.ts';
import { DetailSection, KycBadge, ProcessingOverlay, RiskScore, StatusBadge } from './admin-parts.tsx';
import { UserKycSection } from './user-kyc-section.tsx';

export type Notice = { tone: 'success' | 'error' | 'warning'; text: string; items?: string[] };

/** The fields of Edit Details, as the form holds them ('' for none). */
const DETAIL_FIELDS = ['firstName', 'lastName', 'businessName', 'businessType', 'country'] as const;
type DetailField = (typeof DETAIL_FIELDS)[number];
type DetailValues = Record<DetailField, string>;
/** Limits of ZUpdateAdminUserRequest, so a name too long cannot be typed. */
const MAX_LENGTH = { firstName: 80, lastName: 80, businessName: 160 } as const;

const valuesOf = (user: TUserRow): DetailValues => ({
  firstName: user.firstName ?? '',
  lastName: user.lastName ?? '',
  businessName: user.businessName ?? '',
  businessType: user.businessType ?? '',
  country: user.country ?? '',
});

/** The fields that differ from the account as it is: what PUT /admin/users/:id is sent ('' clears one). */
function changedDetails(user: TUserRow, values: DetailValues): TUserDetailsChanges {
  const before = valuesOf(user);
  const changes: Record<string, string> = {};
  for (const field of DETAIL_FIELDS) {
    const value = values[field].trim();
    if (value !== before[field].trim()) changes[field] = value;
  }
  return changes as TUserDetailsChanges;
}

/** A role change that needs a confirmation: a role taken away, super admin given or taken away. */
const needsConfirmation = (from: TAdminRole | null, to: TAdminRole | null) =>
  (from !== null && to === null) || to === 'super_admin' || from === 'super_admin';

/**
 * The details modal of user management (admin spec 2). Viewers with users.write get Approve, Suspend and Edit
 * Details; viewers with admin.manage also choose the account's admin role; viewers with users.verify review the
 * submitted KYC documents (Submitted Documents, user-kyc-section.tsx). Buttons the server would refuse are not
 * shown: an administrator's account is acted on with admin.manage only (its own details excepted), and nobody
 * suspends their own account.
 */
export function UserDetailsDialog({
  user,
  onClose,
  viewerId,
  canWrite,
  canManage,
  canDelete = false,
  canVerify = false,
  processing,
  notice,
  onNotice,
  onAction,
}: {
  user: TUserRow | null;
  onClose: () => void;
  /** The signed-in administrator. */
  viewerId: string | null;
  /** users.write */
  canWrite: boolean;
  /** admin.manage */
  canManage: boolean;
  /** users.delete */
  canDelete?: boolean;
  /** users.verify: the KYC review of Submitted Documents */
  canVerify?: boolean;
  /** An approve or suspend of the page is under way. */
  processing: boolean;
  notice: Notice | null;
  onNotice: (notice: Notice | null) => void;
  onAction: (user: TUserRow, action: 'approve' | 'suspend') => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.language;
  const qc = useQueryClient();
  const merge = useMergeUsers();
  const formId = useId();
  const roleId = useId();

  // Form, role choice and field errors belong to one account: opening another one starts afresh.
  const [editing, setEditing] = useState<{ id: string; values: DetailValues } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<DetailField, string>>>({});
  const [roleChoice, setRoleChoice] = useState<{ id: string; role: TAdminRole | null } | null>(null);
  const [confirming, setConfirming] = useState<{ user: TUserRow; role: TAdminRole | null } | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<TUserRow | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const none = t('users.details.notSpecified');
  const displayName = (u: TUserRow) => u.name || u.email;
  const roleName = (role: TAdminRole) => t(`roles.${role}`, { ns: 'common' });
  const failureText = (err: unknown, fallbackKey: string) => {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401) {
      return refusalText(err.message, t) ?? (err.message || t(fallbackKey));
    }
    return t(fallbackKey);
  };
  /** The viewer's own session carries their name and permissions: read it again after changing their account. */
  const afterChange = (updated: TUserRow) => {
    merge([updated]);
    if (updated.id === viewerId) void qc.invalidateQueries({ queryKey: sessionKey });
  };

  const save = useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: TUserDetailsChanges }) =>
      updateUserDetails(id, changes),
    onMutate: () => {
      onNotice(null);
      setFieldErrors({});
    },
    onSuccess: (updated) => {
      afterChange(updated);
      setEditing(null);
      onNotice({ tone: 'success', text: t('users.details.saved', { name: displayName(updated) }) });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const fields: Partial<Record<DetailField, string>> = {};
        for (const field of DETAIL_FIELDS) {
          const message = err.fields[field];
          if (message) fields[field] = refusalText(message, t) ?? message;
        }
        setFieldErrors(fields);
      }
      onNotice({ tone: 'error', text: failureText(err, 'users.details.saveFailed') });
    },
  });

  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: TAdminRole | null; confirmed: boolean }) =>
      setAdminRole(id, role),
    onMutate: () => {
      onNotice(null);
      setConfirmError(null);
    },
    onSuccess: (updated) => {
      afterChange(updated);
      setRoleChoice(null);
      setConfirming(null);
      onNotice({
        tone: 'success',
        text: updated.adminRole
          ? t('users.details.roleAssigned', { name: displayName(updated), role: roleName(updated.adminRole) })
          : t('users.details.roleRemoved', { name: displayName(updated) }),
      });
    },
    onError: (err, { confirmed }) => {
      // A change asked in the confirmation says why it failed there; one applied at once, in the details.
      const text = failureText(err, 'users.details.roleFailed');
      if (confirmed) setConfirmError(text);
      else onNotice({ tone: 'error', text });
    },
  });

  const remove = useMutation({
    mutationFn: (target: TUserRow) => deleteUser(target.id),
    onMutate: () => setDeleteError(null),
    onSuccess: (_reply, target) => {
      qc.setQueryData<TUserRow[]>(adminUsersKey, (list) => list?.filter((u) => u.id !== target.id));
      setDeleting(null);
      onNotice({ tone: 'success', text: t('users.details.deleted', { name: displayName(target) }) });
      close();
    },
    onError: (err) => setDeleteError(failureText(err, 'users.details.deleteFailed')),
  });

  const busy = processing || save.isPending || changeRole.isPending || remove.isPending;
  const isSelf = !!user && user.id === viewerId;
  // An administrator's account needs admin.manage (the server refuses otherwise); one's own details do not.
  const mayActOn = !!user && (!user.isAdmin || canManage);
  const showApprove = !!user && canWrite && mayActOn && canApprove(user.status);
  const showSuspend = !!user && canWrite && mayActOn && !isSelf && canSuspend(user.status);
  const showEdit = !!user && canWrite && (mayActOn || isSelf);
  const showDelete = !!user && canDelete && mayActOn && !isSelf;
  const form = user && showEdit && editing?.id === user.id ? editing.values : null;
  const chosenRole = user && roleChoice?.id === user.id ? roleChoice.role : (user?.adminRole ?? null);

  const close = () => {
    setEditing(null);
    setFieldErrors({});
    setRoleChoice(null);
    onClose();
  };
  const startEdit = () => {
    if (!user) return;
    onNotice(null);
    setFieldErrors({});
    setEditing({ id: user.id, values: valuesOf(user) });
  };
  const cancelEdit = () => {
    setEditing(null);
    setFieldErrors({});
    onNotice(null);
  };
  const setField = (field: DetailField, value: string) => {
    if (!user || !form) return;
    setEditing({ id: user.id, values: { ...form, [field]: value } });
    if (fieldErrors[field]) {
      setFieldErrors((prev) => {
        const next = { ...prev };
        delete next[field];
        return next;
      });
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user || !form || busy) return;
    const changes = changedDetails(user, form);
    if (Object.keys(changes).length === 0) {
      cancelEdit();
      return;
    }
    save.mutate({ id: user.id, changes });
  };
  const applyRole = () => {
    if (!user || busy || chosenRole === user.adminRole) return;
    if (needsConfirmation(user.adminRole, chosenRole)) {
      setConfirmError(null);
      setConfirming({ user, role: chosenRole });
    } else changeRole.mutate({ id: user.id, role: chosenRole, confirmed: false });
  };

  const country = (code: string) => (code === 'other' ? t('other') : countryName(code, lang));
  const businessType = (type: string) => t(`businessTypes.${type}`, { defaultValue: type });

  return (
    <>
      <Dialog
        open={!!user}
        onClose={close}
        closeLabel={t('users.details.close')}
        title={t('users.details.title')}
        // Keyed buttons: React must not turn the clicked Edit Details into the Save button in place, or the
        // browser would go on to submit the form the click has just opened.
        footer={
          user &&
          (form ? (
            <>
              <Button key="cancel" variant="outline" onClick={cancelEdit} disabled={save.isPending}>
                {t('users.details.cancel')}
              </Button>
              <Button key="save" type="submit" form={formId} loading={save.isPending} disabled={busy}>
                {t('users.details.save')}
              </Button>
            </>
          ) : (
            <>
              <Button key="close" variant="outline" onClick={close}>
                {t('users.details.close')}
              </Button>
              {showDelete && (
                <Button
                  key="delete"
                  variant="outline"
                  className="text-red-600 dark:text-red-400"
                  onClick={() => {
                    setDeleteError(null);
                    setDeleting(user);
                  }}
                  disabled={busy}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                  {t('users.details.delete')}
                </Button>
              )}
              {showEdit && (
                <Button key="edit" variant="outline" onClick={startEdit} disabled={busy}>
                  <Pencil className="size-4" aria-hidden="true" />
                  {t('users.details.editDetails')}
                </Button>
              )}
              {showSuspend && (
                <Button
                  key="suspend"
                  variant="danger"
                  onClick={() => onAction(user, 'suspend')}
                  disabled={busy}
                >
                  <PauseCircle className="size-4" aria-hidden="true" />
                  {t('users.suspend')}
                </Button>
              )}
              {showApprove && (
                <Button key="approve" onClick={() => onAction(user, 'approve')} disabled={busy}>
                  <CheckCircle2 className="size-4" aria-hidden="true" />
                  {t('users.approve')}
                </Button>
              )}
            </>
          ))
        }
      >
        {user && (
          <div className="relative">
            <ProcessingOverlay show={busy} />
            <div className="mb-6 flex items-center gap-4">
              <Avatar name={displayName(user)} className="size-12 text-sm" />
              <div className="min-w-0">
                <p className="flex items-center gap-2 truncate text-base font-semibold">
                  <span className="truncate">{displayName(user)}</span>
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
            {/* grid-cols-1, not an auto column: on a phone a long name is truncated instead of widening it. */}
            <div className="grid grid-cols-1 gap-6 sm:grid-cols-2">
              <DetailSection
                title={t('users.details.basicInformation')}
                className={cn(form && 'sm:col-span-2')}
              >
                {form ? (
                  <form
                    id={formId}
                    onSubmit={submit}
                    noValidate
                    aria-label={t('users.details.editFormLabel', { name: displayName(user) })}
                    className="grid grid-cols-1 gap-4 sm:grid-cols-2"
                  >
                    {(['firstName', 'lastName', 'businessName'] as const).map((field) => (
                      <Field
                        key={field}
                        label={t(`users.details.${field}`)}
                        error={fieldErrors[field]}
                        className={cn(field === 'businessName' && 'sm:col-span-2')}
                      >
                        {(id, describedBy) => (
                          <Input
                            id={id}
                            value={form[field]}
                            maxLength={MAX_LENGTH[field]}
                            onChange={(e) => setField(field, e.target.value)}
                            aria-describedby={describedBy}
                            aria-invalid={!!fieldErrors[field]}
                            autoComplete="off"
                            disabled={save.isPending}
                          />
                        )}
                      </Field>
                    ))}
                    <Field label={t('users.details.businessType')} error={fieldErrors.businessType}>
                      {(id, describedBy) => (
                        <Select
                          id={id}
                          value={form.businessType}
                          onChange={(e) => setField('businessType', e.target.value)}
                          aria-describedby={describedBy}
                          aria-invalid={!!fieldErrors.businessType}
                          disabled={save.isPending}
                        >
                          <option value="">{none}</option>
                          {BUSINESS_TYPES.map((type) => (
                            <option key={type} value={type}>
                              {businessType(type)}
                            </option>
                          ))}
                        </Select>
                      )}
                    </Field>
                    <Field label={t('users.details.country')} error={fieldErrors.country}>
                      {(id, describedBy) => (
                        <Select
                          id={id}
                          value={form.country}
                          onChange={(e) => setField('country', e.target.value)}
                          aria-describedby={describedBy}
                          aria-invalid={!!fieldErrors.country}
                          disabled={save.isPending}
                        >
                          <option value="">{none}</option>
                          {COUNTRIES.map((code) => (
                            <option key={code} value={code}>
                              {country(code)}
                            </option>
                          ))}
                        </Select>
                      )}
                    </Field>
                  </form>
                ) : (
                  <dl className="space-y-2.5">
                    <Item label={t('users.details.name')}>{user.name || none}</Item>
                    <Item label={t('users.details.email')}>{user.email || none}</Item>
                    <Item label={t('users.details.country')}>
                      {user.country ? country(user.country) : none}
                    </Item>
                    <Item label={t('users.details.businessType')}>
                      {user.businessType ? businessType(user.businessType) : none}
                    </Item>
                  </dl>
                )}
              </DetailSection>
              <DetailSection title={t('users.details.statusAndVerification')}>
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
                  {user.adminRole && !canManage && (
                    <Item label={t('users.details.role')}>
                      <span className="capitalize">{roleName(user.adminRole)}</span>
                    </Item>
                  )}
                  <Item label={t('users.details.memberSince')}>{formatListDate(user.createdAt, lang)}</Item>
                  <Item label={t('users.details.lastLogin')}>
                    {user.lastLogin ? formatListDate(user.lastLogin, lang) : t('users.never')}
                  </Item>
                </dl>
                {canManage && (
                  <div className="mt-4 space-y-1.5 border-t border-slate-200 pt-4 dark:border-white/10">
                    <label
                      htmlFor={roleId}
                      className="block text-sm font-medium text-slate-700 dark:text-slate-300"
                    >
                      {t('users.details.roleSelect')}
                    </label>
                    {/* The select takes the whole width (the option texts are long in every language), Apply below. */}
                    <div className="flex flex-wrap justify-end gap-2">
                      <Select
                        id={roleId}
                        value={chosenRole ?? ''}
                        onChange={(e) =>
                          setRoleChoice({ id: user.id, role: (e.target.value || null) as TAdminRole | null })
                        }
                        disabled={busy}
                        className="w-full"
                      >
                        <option value="">{t('users.details.noRole')}</option>
                        {ADMIN_ROLES.map((role) => (
                          <option key={role} value={role}>
                            {sentenceCase(roleName(role), lang)}
                          </option>
                        ))}
                      </Select>
                      <Button
                        variant="outline"
                        onClick={applyRole}
                        disabled={busy || chosenRole === user.adminRole}
                      >
                        {t('users.details.applyRole')}
                      </Button>
                    </div>
                  </div>
                )}
              </DetailSection>
              <DetailSection title={t('users.details.transactionData')}>
                <dl className="space-y-2.5">
                  <Item label={t('users.details.totalTransactions')}>
                    <span className="tabular-nums">{formatCount(user.totalTransactions, lang)}</span>
                  </Item>
                  <Item label={t('users.details.totalVolume')}>
                    <span className="tabular-nums">{formatVolume(user.totalVolume, lang)}</span>
                  </Item>
                  <Item label={t('users.details.monthlyVolume')}>
                    <span className="tabular-nums">{formatVolume(user.monthlyVolume, lang)}</span>
                  </Item>
                </dl>
              </DetailSection>
              <UserKycSection
                key={user.id}
                user={user}
                canReview={canVerify && !isSelf && (!user.isAdmin || canManage)}
              />
            </div>
          </div>
        )}
      </Dialog>

      <ConfirmDialog
        open={!!deleting}
        title={t('users.details.confirmDeleteTitle')}
        confirmLabel={t('users.details.delete')}
        cancelLabel={t('users.details.cancel')}
        closeLabel={t('users.details.close')}
        tone="danger"
        busy={remove.isPending}
        error={deleteError}
        onClose={() => {
          setDeleting(null);
          setDeleteError(null);
        }}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      >
        {deleting && <p>{t('users.details.confirmDelete', { name: displayName(deleting) })}</p>}
      </ConfirmDialog>

      <ConfirmDialog
        open={!!confirming}
        title={t('users.details.confirmRoleTitle')}
        confirmLabel={t('users.details.confirmRoleApply')}
        cancelLabel={t('users.details.cancel')}
        closeLabel={t('users.details.close')}
        tone={confirming?.role === null ? 'danger' : 'primary'}
        busy={changeRole.isPending}
        error={confirmError}
        onClose={() => {
          setConfirming(null);
          setConfirmError(null);
        }}
        onConfirm={() => {
          if (confirming)
            changeRole.mutate({ id: confirming.user.id, role: confirming.role, confirmed: true });
        }}
      >
        {confirming && (
          <>
            <p>
              {confirming.role === null
                ? t('users.details.confirmRemove', {
                    name: displayName(confirming.user),
                    from: confirming.user.adminRole ? roleName(confirming.user.adminRole) : '',
                  })
                : confirming.role === 'super_admin'
                  ? t('users.details.confirmSuperAdmin', { name: displayName(confirming.user) })
                  : t('users.details.confirmDemote', {
                      name: displayName(confirming.user),
                      to: roleName(confirming.role),
                    })}
            </p>
            {confirming.user.id === viewerId && (
              <p className="font-medium text-slate-900 dark:text-white">{t('users.details.confirmSelf')}</p>
            )}
          </>
        )}
      </ConfirmDialog>
    </>
  );
}

/** 'super admin' -> 'Super admin' for a list entry (the catalogue has the role names as used inside sentences). */
const sentenceCase = (text: string, lang: string) => text.charAt(0).toLocaleUpperCase(lang) + text.slice(1);

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

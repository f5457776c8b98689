import { hasPermission, hasRole, type TAdminPermission, type TAdminRole } from '@coinlane/core/permissions';
import { ArrowLeft, ShieldAlert, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { LogoMark } from '../components/ui/logo.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { postLoginPath } from '../features/auth/utils/redirect.ts';
import { useSession } from '../lib/auth.ts';
import { paths } from './paths.ts';

/** The sign-in page, keeping the page the visitor asked for (merchant spec 2). */
export const loginPathFrom = (pathname: string, search: string) =>
  `${paths.login}?from=${encodeURIComponent(pathname + search)}`;

/** /login and /signup: a signed-in admin goes to /admin/dashboard, anyone else to /dashboard (or `from`). */
export function GuestOnly() {
  const { user, loading } = useSession();
  const [params] = useSearchParams();
  if (loading) return <SessionSpinner />;
  if (user) return <Navigate to={postLoginPath(user, params.get('from'))} replace />;
  return <Outlet />;
}

/** Merchant pages: an anonymous visitor goes to /login and comes back here after signing in. */
export function RequireMerchant() {
  const { user, loading, error, refetch } = useSession();
  const location = useLocation();
  if (loading) return <SessionSpinner />;
  if (!user) {
    if (error) return <SessionUnavailable onRetry={() => void refetch()} />;
    return <Navigate to={loginPathFrom(location.pathname, location.search)} replace />;
  }
  return <Outlet />;
}

/**
 * Admin pages (admin spec 2): anonymous -> /login, non-admin -> /dashboard, an admin lacking the named permission
 * or role sees Access Denied in place of the page. `orPermissions` also let the page open (System Settings with
 * settings.fees alone); Access Denied names `permission`, the spec's.
 */
export function RequireAdmin({
  permission,
  orPermissions = [],
  adminRole,
}: {
  permission?: TAdminPermission;
  orPermissions?: readonly TAdminPermission[];
  /** The spec's adminRole requirement: only an admin with exactly this role opens the page. */
  adminRole?: TAdminRole;
}) {
  const { user, loading, error, refetch } = useSession();
  const location = useLocation();
  if (loading) return <SessionSpinner />;
  if (!user) {
    if (error) return <SessionUnavailable onRetry={() => void refetch()} />;
    return <Navigate to={loginPathFrom(location.pathname, location.search)} replace />;
  }
  if (!user.isAdmin) return <Navigate to={paths.dashboard} replace />;
  if (permission && !hasPermission(user, permission) && !orPermissions.some((p) => hasPermission(user, p))) {
    return <AccessDenied permission={permission} />;
  }
  if (adminRole && !hasRole(user, adminRole)) return <AccessDenied role={adminRole} />;
  return <Outlet />;
}

function SessionSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50 dark:bg-slate-950">
      <LogoMark className="size-10 opacity-90" />
      <span className="text-brand-500">
        <Spinner className="size-6" label={t('guard.checkingSession')} />
      </span>
    </div>
  );
}

function SessionUnavailable({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 dark:bg-slate-950">
      <Card className="w-full max-w-md p-8 text-center">
        <WifiOff className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-lg font-semibold">{t('guard.sessionFailedTitle')}</h1>
        <p role="alert" className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          {t('guard.sessionFailedText')}
        </p>
        <Button className="mt-6" onClick={onRetry}>
          {t('retry')}
        </Button>
      </Card>
    </div>
  );
}

/** 'Access Denied' with the permission (or role) the page needs, and a way back (admin spec 2). */
export function AccessDenied({ permission, role }: { permission?: string; role?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths.adminDashboard, { replace: true });
  };
  return (
    <div className="flex min-h-[60vh] items-center justify-center py-10">
      <Card className="w-full max-w-lg p-8 text-center sm:p-10">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/50 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/5">
          <ShieldAlert className="size-7" aria-hidden="true" />
        </div>
        <h1 className="mt-6 text-2xl font-semibold tracking-tight">{t('guard.accessDenied')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-400">
          {permission || !role ? t('guard.accessDeniedText') : t('guard.roleDeniedText')}
        </p>
        {(permission || role) && (
          <dl className="mt-6 inline-flex items-center gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm dark:border-white/10 dark:bg-white/5">
            <dt className="text-slate-500 dark:text-slate-400">
              {permission ? t('guard.requiredPermission') : t('guard.requiredRole')}:
            </dt>
            <dd>
              <code className="font-mono font-medium text-slate-900 dark:text-slate-100">
                {permission ?? role}
              </code>
            </dd>
          </dl>
        )}
        <div className="mt-8">
          <Button variant="outline" onClick={goBack}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('guard.goBack')}
          </Button>
        </div>
      </Card>
    </div>
  );
}

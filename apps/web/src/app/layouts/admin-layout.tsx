import { hasPermission, type TAdminPermission } from '@coinlane/core/permissions';
import {
  ArrowLeftRight,
  LayoutDashboard,
  LifeBuoy,
  LogOut,
  ReceiptText,
  ScrollText,
  Settings,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Logo, LogoMark } from '../../components/ui/logo.tsx';
import { useSupportSummary } from '../../features/admin/hooks/use-support.ts';
import { useSession } from '../../lib/auth.ts';
import { paths } from '../paths.ts';
import {
  AccountMenu,
  BottomBar,
  type NavItem,
  SidebarColumn,
  SidebarFooter,
  SidebarNav,
  SkipLink,
  useSignOutAction,
} from './layout-parts.tsx';

/**
 * Admin navigation (admin spec 2): each item shows with any one of its permissions (Settings with settings.read,
 * or settings.fees for Fees & Pricing: decision 016). Support carries a red badge of the unresolved tickets (open or
 * in progress; not the spec's fixed 5: issue 16, decision 017).
 */
const ADMIN_NAV: (NavItem & { permissions: readonly TAdminPermission[] })[] = [
  {
    to: paths.adminDashboard,
    labelKey: 'nav.dashboard',
    icon: LayoutDashboard,
    permissions: ['analytics.read'],
  },
  { to: paths.adminUsers, labelKey: 'nav.users', icon: Users, permissions: ['users.read'] },
  {
    to: paths.adminTransactions,
    labelKey: 'nav.transactions',
    icon: ReceiptText,
    permissions: ['transactions.read'],
  },
  {
    to: paths.adminSettings,
    labelKey: 'nav.settings',
    icon: Settings,
    permissions: ['settings.read', 'settings.fees'],
  },
  { to: paths.adminSupport, labelKey: 'nav.support', icon: LifeBuoy, permissions: ['support.read'] },
  { to: paths.adminAudit, labelKey: 'nav.audit', icon: ScrollText, permissions: ['admin.manage'] },
];

/** The phone's bottom bar holds this many items; the others go to the account menu (labels stay readable). */
const BOTTOM_BAR_MAX = 5;

export default function AdminLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const { signOut } = useSignOutAction();
  const canSupport = hasPermission(user, 'support.read');
  const unresolved = useSupportSummary(canSupport).data?.unresolved ?? 0;
  if (!user) return null;

  const items = ADMIN_NAV.filter((item) => item.permissions.some((p) => hasPermission(user, p))).map(
    (item) =>
      item.to === paths.adminSupport
        ? { ...item, badge: unresolved, badgeLabel: t('layout.unresolvedTickets', { count: unresolved }) }
        : item,
  );
  const role = user.adminRole ? t(`roles.${user.adminRole}`) : null;
  const roleBadge = role && (
    <span className="inline-flex items-center rounded bg-brand-500/15 px-1.5 py-0.5 text-[11px] font-medium capitalize text-brand-300">
      {role}
    </span>
  );

  return (
    <div className="min-h-dvh bg-slate-50 md:flex dark:bg-slate-950">
      <SkipLink />
      <SidebarColumn
        className="md:bg-slate-900 md:dark:border-r md:dark:border-white/10 md:dark:bg-slate-900/70"
        panelClassName="text-slate-300"
      >
        <div className="flex h-16 shrink-0 items-center gap-2 px-5">
          <Link
            to={paths.adminDashboard}
            className="rounded-lg text-white focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-400"
          >
            <Logo />
          </Link>
          <Badge tone="amber" className="ml-1">
            {t('layout.adminBadge')}
          </Badge>
        </div>
        <nav aria-label={t('layout.mainNav')} className="flex-1 overflow-y-auto px-3 py-4">
          <SidebarNav items={items} tone="dark" />
        </nav>
        <SidebarFooter
          tone="dark"
          link={{ to: paths.dashboard, icon: ArrowLeftRight, label: t('layout.merchantArea') }}
          user={user}
          second={roleBadge ?? user.email}
        />
      </SidebarColumn>

      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 border-b border-slate-800 bg-slate-900 text-white md:hidden">
          <div className="flex h-14 items-center gap-3 px-4">
            <Link
              to={paths.adminDashboard}
              aria-label="Coinlane"
              className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-400"
            >
              <LogoMark className="size-8" />
            </Link>
            <Badge tone="amber">{t('layout.adminBadge')}</Badge>
            <div className="flex-1" />
            <AccountMenu
              user={user}
              second={role ? <span className="capitalize">{role}</span> : user.email}
              items={[
                ...items.slice(BOTTOM_BAR_MAX).map((item) => ({
                  key: item.to,
                  label: t(item.labelKey),
                  icon: <item.icon />,
                  onSelect: () => void navigate(item.to),
                })),
                {
                  key: 'merchant',
                  label: t('layout.merchantArea'),
                  icon: <ArrowLeftRight />,
                  onSelect: () => void navigate(paths.dashboard),
                },
                {
                  key: 'sign-out',
                  label: t('nav.signOut'),
                  icon: <LogOut />,
                  onSelect: signOut,
                  tone: 'danger',
                },
              ]}
            />
          </div>
        </header>
        <main
          id="main"
          className="mx-auto w-full max-w-7xl flex-1 px-4 pb-24 pt-6 sm:px-6 md:pb-10 md:pt-8 lg:px-8"
        >
          <Outlet />
        </main>
      </div>
      <BottomBar items={items.slice(0, BOTTOM_BAR_MAX)} />
    </div>
  );
}

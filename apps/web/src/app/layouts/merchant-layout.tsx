import {
  ArrowLeftRight,
  BookOpen,
  Home,
  KeyRound,
  LayoutDashboard,
  LifeBuoy,
  Link2,
  LogOut,
  Repeat,
  Settings,
  ShieldCheck,
  Wallet,
  Wrench,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { Badge } from '../../components/ui/badge.tsx';
import { Logo, LogoMark } from '../../components/ui/logo.tsx';
import type { MenuItem } from '../../components/ui/menu.tsx';
import { usePreferencesSync } from '../../features/settings/hooks/use-preferences-sync.ts';
import { useSession } from '../../lib/auth.ts';
import { useMaintenanceMode } from '../../lib/maintenance.ts';
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
import { LiveBadge, ModeStripe, ModeSwitch } from './mode-switch.tsx';

/**
 * Merchant navigation (merchant spec 2), in the spec's order: Dashboard, Transactions, Payments, Subscriptions,
 * Payouts, API Keys, Documentation, Settings; then Support.
 */
const SIDEBAR: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.dashboard', icon: LayoutDashboard },
  { to: paths.transactions, labelKey: 'nav.transactions', icon: ArrowLeftRight },
  { to: paths.paymentLinks, labelKey: 'nav.payments', icon: Link2 },
  { to: paths.subscriptions, labelKey: 'nav.subscriptions', icon: Repeat },
  { to: paths.instantPayouts, labelKey: 'nav.payouts', icon: Wallet },
  { to: paths.apiKeys, labelKey: 'nav.apiKeys', icon: KeyRound },
  { to: paths.docs, labelKey: 'nav.documentation', icon: BookOpen },
  { to: paths.settings, labelKey: 'nav.settings', icon: Settings },
  // Support tickets with the Coinlane team (issue 16, decision 017).
  { to: paths.support, labelKey: 'nav.support', icon: LifeBuoy },
];

/** The phone's bottom bar: Home, Transactions, Payments, Subscriptions, Payouts (merchant spec 2). */
const BOTTOM_BAR: NavItem[] = [
  { to: paths.dashboard, labelKey: 'nav.home', icon: Home },
  { to: paths.transactions, labelKey: 'nav.transactions', icon: ArrowLeftRight },
  { to: paths.paymentLinks, labelKey: 'nav.payments', icon: Link2 },
  { to: paths.subscriptions, labelKey: 'nav.subscriptions', icon: Repeat },
  { to: paths.instantPayouts, labelKey: 'nav.payouts', icon: Wallet },
];

/** The phone's account menu: Settings, then API Keys once it exists, Support, then Sign Out. */
const ACCOUNT_MENU: NavItem[] = [
  { to: paths.settings, labelKey: 'nav.settings', icon: Settings },
  { to: paths.apiKeys, labelKey: 'nav.apiKeys', icon: KeyRound },
  { to: paths.support, labelKey: 'nav.support', icon: LifeBuoy },
];

export default function MerchantLayout() {
  const { t } = useTranslation();
  const { user } = useSession();
  // maintenance_mode (decision 020): a banner while merchants' changes are paused.
  const maintenance = useMaintenanceMode();
  const navigate = useNavigate();
  const { signOut } = useSignOutAction();
  // The account's saved theme and language apply on every merchant page, not only after saving settings.
  usePreferencesSync();
  // The guard renders this layout only with a user.
  if (!user) return null;

  const menuItems: MenuItem[] = [
    ...ACCOUNT_MENU.map((item) => ({
      key: item.to,
      label: t(item.labelKey),
      icon: <item.icon />,
      onSelect: () => void navigate(item.to),
    })),
    ...(user.isAdmin
      ? [
          {
            key: 'admin',
            label: t('layout.adminConsole'),
            icon: <ShieldCheck />,
            onSelect: () => void navigate(paths.adminDashboard),
          },
        ]
      : []),
    {
      key: 'sign-out',
      label: t('nav.signOut'),
      icon: <LogOut />,
      onSelect: signOut,
      tone: 'danger' as const,
    },
  ];

  return (
    <div className="min-h-dvh bg-slate-50 md:flex dark:bg-slate-950">
      <SkipLink />
      <SidebarColumn className="md:border-r md:border-slate-200 md:bg-white md:dark:border-white/10 md:dark:bg-slate-900/50">
        <div className="flex h-16 shrink-0 items-center px-5">
          <Link
            to={paths.dashboard}
            className="rounded-lg text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-500 dark:text-white"
          >
            <Logo />
          </Link>
        </div>
        <nav aria-label={t('layout.mainNav')} className="flex-1 overflow-y-auto px-3 py-4">
          <SidebarNav items={SIDEBAR} />
        </nav>
        <SidebarFooter
          link={
            user.isAdmin
              ? { to: paths.adminDashboard, icon: ShieldCheck, label: t('layout.adminConsole') }
              : undefined
          }
          user={user}
        />
      </SidebarColumn>

      <div className="flex min-h-dvh min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/85 backdrop-blur-md dark:border-white/10 dark:bg-slate-950/85">
          <div className="flex h-14 items-center gap-3 px-4 sm:px-6 md:h-16 lg:px-8">
            <Link
              to={paths.dashboard}
              aria-label="Coinlane"
              className="rounded-lg focus-visible:outline-2 focus-visible:outline-brand-500 md:hidden"
            >
              <LogoMark className="size-8" />
            </Link>
            <div className="hidden flex-1 items-center md:flex">
              {user.mode === 'live' ? (
                <LiveBadge />
              ) : (
                <Badge tone="brand" dot>
                  {t('mode.testMode')}
                </Badge>
              )}
            </div>
            <div className="flex flex-1 justify-end md:flex-none">
              <ModeSwitch mode={user.mode} />
            </div>
            <div className="md:hidden">
              <AccountMenu user={user} items={menuItems} />
            </div>
          </div>
          <ModeStripe mode={user.mode} />
          {maintenance && (
            <p
              role="status"
              className="flex items-start gap-2 border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 sm:px-6 lg:px-8 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-200"
            >
              <Wrench className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {t('mode.maintenanceBanner')}
            </p>
          )}
        </header>
        <main
          id="main"
          className="mx-auto w-full max-w-7xl flex-1 px-4 pb-24 pt-6 sm:px-6 md:pb-10 md:pt-8 lg:px-8"
        >
          <Outlet />
        </main>
      </div>
      <BottomBar items={BOTTOM_BAR} />
    </div>
  );
}

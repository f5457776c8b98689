import type { LucideIcon } from 'lucide-react';
import { LogOut } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { cn } from '../../components/ui/cn.ts';
import { Menu, type MenuItem } from '../../components/ui/menu.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useSignOut } from '../../lib/auth.ts';

/**
 * One entry of a navigation list; later pages add theirs to the layout's array. `badge`: a count shown in red
 * beside the label when above 0 (the admin Support item's unresolved tickets), with `badgeLabel` read out.
 */
export type NavItem = {
  to: string;
  labelKey: string;
  icon: LucideIcon;
  end?: boolean;
  badge?: number;
  badgeLabel?: string;
};

/** A red count beside a navigation label (above 0 only); `label` is what a screen reader says. */
function NavBadge({ count, label, className }: { count?: number; label?: string; className?: string }) {
  if (!count || count <= 0) return null;
  return (
    <span
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-[11px] font-semibold leading-5 text-white tabular-nums',
        className,
      )}
    >
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{label ?? count}</span>
    </span>
  );
}

/** A link to the main content for keyboard users, visible only when focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
    >
      {t('layout.skipToContent')}
    </a>
  );
}

/**
 * The desktop sidebar: a column as tall as the page carrying the sidebar's background and border, and in it the
 * sidebar itself, sticky at the viewport's height. The background runs down the whole page however long it is
 * (a fixed, viewport-tall panel left the column bare below the first screen in full-page views), and the
 * navigation and Sign Out stay in view while the page scrolls. Below md the panel is invisible rather than
 * display:none: the logo's SVG gradient lives in its first instance on the page, and a display:none copy would
 * blank the phone header's logo.
 */
export function SidebarColumn({
  className,
  panelClassName,
  children,
}: {
  className?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  return (
    <div data-testid="sidebar-column" className={cn('max-md:contents md:w-64 md:shrink-0', className)}>
      <aside
        className={cn(
          'z-30 flex w-64 flex-col max-md:invisible max-md:fixed max-md:inset-y-0 max-md:left-0 max-md:-translate-x-full md:sticky md:top-0 md:h-dvh',
          panelClassName,
        )}
      >
        {children}
      </aside>
    </div>
  );
}

/** The vertical list of the sidebar; `tone` dark is the admin console's. */
export function SidebarNav({ items, tone = 'light' }: { items: NavItem[]; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-0.5">
      {items.map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                'group flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
                tone === 'light' &&
                  (isActive
                    ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-200'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-white/5 dark:hover:text-slate-100'),
                tone === 'dark' &&
                  (isActive ? 'bg-white/10 text-white' : 'text-slate-400 hover:bg-white/5 hover:text-white'),
              )
            }
          >
            {({ isActive }) => (
              <>
                <item.icon
                  aria-hidden="true"
                  className={cn(
                    'size-[18px] shrink-0',
                    isActive
                      ? tone === 'light'
                        ? 'text-brand-600 dark:text-brand-300'
                        : 'text-brand-300'
                      : 'text-slate-400 group-hover:text-current',
                  )}
                />
                {t(item.labelKey)}
                <NavBadge count={item.badge} label={item.badgeLabel} className="ml-auto" />
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The phone's bottom bar (below the md breakpoint). Five equal slots: the labels are small enough for the longest
 * (Transaktionen, Auszahlungen) to fit a 360 px phone, and cut with an ellipsis rather than run into each other
 * on a narrower one (the link's name stays whole for screen readers).
 */
export function BottomBar({ items }: { items: NavItem[] }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav
      aria-label={t('layout.mobileNav')}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden dark:border-white/10 dark:bg-slate-950/95"
    >
      <ul className="mx-auto flex max-w-lg items-stretch justify-around">
        {items.map((item) => (
          <li key={item.to} className="min-w-0 flex-1">
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                cn(
                  'flex h-16 flex-col items-center justify-center gap-1 px-0.5 text-[10px] font-medium tracking-tight focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                  isActive ? 'text-brand-600 dark:text-brand-300' : 'text-slate-500 dark:text-slate-400',
                )
              }
            >
              <span className="relative">
                <item.icon className="size-5" aria-hidden="true" />
                <NavBadge
                  count={item.badge}
                  label={item.badgeLabel}
                  className="absolute -right-3 -top-2 min-w-4 px-1 text-[10px] leading-4"
                />
              </span>
              <span className="max-w-full truncate">{t(item.labelKey)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Avatar, name and e-mail (or another second line) of the signed-in user. */
export function UserSummary({
  user,
  second,
  tone = 'light',
}: {
  user: { name: string; email: string; avatarUrl: string | null };
  second?: ReactNode;
  tone?: 'light' | 'dark';
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={user.name || user.email} src={user.avatarUrl} />
      <div className="min-w-0 flex-1">
        <p
          className={cn(
            'truncate text-sm font-medium',
            tone === 'dark' ? 'text-white' : 'text-slate-900 dark:text-slate-100',
          )}
        >
          {user.name || user.email}
        </p>
        <div
          className={cn(
            'truncate text-xs',
            tone === 'dark' ? 'text-slate-400' : 'text-slate-500 dark:text-slate-400',
          )}
        >
          {second ?? user.email}
        </div>
      </div>
    </div>
  );
}

/** Sign out, with a pending state; the user reaches /login even when the call fails (merchant spec 2). */
export function useSignOutAction() {
  const signOut = useSignOut();
  const [pending, setPending] = useState(false);
  return {
    pending,
    signOut: () => {
      if (pending) return;
      setPending(true);
      void signOut();
    },
  };
}

/** The Sign Out row at the foot of a sidebar. */
export function SignOutButton({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const { pending, signOut } = useSignOutAction();
  return (
    <button
      type="button"
      onClick={signOut}
      disabled={pending}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60',
        tone === 'dark'
          ? 'text-slate-400 hover:bg-white/5 hover:text-white'
          : 'text-slate-600 hover:bg-red-50 hover:text-red-700 dark:text-slate-400 dark:hover:bg-red-500/10 dark:hover:text-red-300',
      )}
    >
      {pending ? (
        <span aria-hidden="true">
          <Spinner className="size-[18px]" />
        </span>
      ) : (
        <LogOut className="size-[18px]" aria-hidden="true" />
      )}
      {pending ? t('layout.signingOut') : t('nav.signOut')}
    </button>
  );
}

type SummaryUser = { name: string; email: string; avatarUrl: string | null };

/**
 * The foot of a sidebar: an optional link to the other area (admin console / merchant area), Sign Out, and who is
 * signed in.
 */
export function SidebarFooter({
  tone = 'light',
  link,
  user,
  second,
}: {
  tone?: 'light' | 'dark';
  link?: { to: string; icon: LucideIcon; label: string };
  user: SummaryUser;
  second?: ReactNode;
}) {
  const dark = tone === 'dark';
  return (
    <div
      className={cn(
        'space-y-1 border-t p-3',
        dark ? 'border-white/10' : 'border-slate-200 dark:border-white/10',
      )}
    >
      {link && (
        <Link
          to={link.to}
          className={cn(
            'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2',
            dark
              ? 'text-slate-400 hover:bg-white/5 hover:text-white focus-visible:outline-brand-400'
              : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-500 dark:text-slate-400 dark:hover:bg-white/5 dark:hover:text-slate-100',
          )}
        >
          <link.icon className={cn('size-[18px]', !dark && 'text-slate-400')} aria-hidden="true" />
          {link.label}
        </Link>
      )}
      <SignOutButton tone={tone} />
      <div className={cn('mt-2 rounded-lg px-3 py-3', dark ? 'bg-white/5' : 'bg-slate-50 dark:bg-white/5')}>
        <UserSummary user={user} tone={tone} second={second} />
      </div>
    </div>
  );
}

/** The phone header's account menu: the avatar opens who is signed in and the given entries. */
export function AccountMenu({
  user,
  second,
  items,
}: {
  user: SummaryUser;
  second?: ReactNode;
  items: MenuItem[];
}) {
  const { t } = useTranslation();
  return (
    <Menu
      label={t('layout.accountMenu')}
      trigger={<Avatar name={user.name || user.email} src={user.avatarUrl} className="size-8" />}
      triggerClassName="rounded-full"
      header={<UserSummary user={user} second={second} />}
      items={items}
    />
  );
}

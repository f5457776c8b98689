import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../components/ui/cn.ts';

/** One settings section: its title and description on the left (wide screens), its card on the right. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  footer,
  divider = true,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
  footer?: ReactNode;
  /** A rule above the section; every section but the page's first has one. */
  divider?: boolean;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={cn(
        'grid scroll-mt-24 gap-4 lg:grid-cols-3 lg:gap-10',
        divider && 'border-t border-slate-200 pt-8 dark:border-white/10',
      )}
    >
      <div>
        <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>
      </div>
      <Card className="overflow-hidden lg:col-span-2">
        <div className="space-y-5 p-5 sm:p-6">{children}</div>
        {footer && (
          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6 dark:border-white/10 dark:bg-white/[0.02]">
            {footer}
          </div>
        )}
      </Card>
    </section>
  );
}

import type { KeyboardEvent, ReactNode } from 'react';
import { useId, useRef } from 'react';
import { cn } from './cn.ts';

export type TabItem<K extends string> = {
  key: K;
  label: ReactNode;
  /** Marks the tab (e.g. a field in it has an error); read out with the label. */
  flag?: { label: string };
};

/**
 * A row of tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move between them) and the panel of the chosen
 * one. The row scrolls sideways when the tabs do not fit (phones).
 */
export function Tabs<K extends string>({
  label,
  items,
  value,
  onChange,
  children,
  className,
}: {
  /** What the tabs choose between, for screen readers. */
  label: string;
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** The chosen tab's content. */
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = `${id}-panel`;

  const onKeyDown = (e: KeyboardEvent) => {
    const i = items.findIndex((t) => t.key === value);
    const next =
      e.key === 'ArrowRight'
        ? (i + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (i - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    const key = items[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  };

  return (
    <div className={className}>
      <div className="-mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
        <div
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
          className="flex min-w-max gap-1 border-b border-slate-200 dark:border-white/10"
        >
          {items.map((item) => {
            const selected = item.key === value;
            return (
              <button
                key={item.key}
                ref={(el) => {
                  if (el) refs.current.set(item.key, el);
                  else refs.current.delete(item.key);
                }}
                id={tabId(item.key)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={panelId}
                tabIndex={selected ? 0 : -1}
                onClick={() => onChange(item.key)}
                className={cn(
                  '-mb-px inline-flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
                  selected
                    ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-white/20 dark:hover:text-white',
                )}
              >
                {item.label}
                {item.flag && (
                  <span className="size-2 rounded-full bg-red-500">
                    <span className="sr-only">{item.flag.label}</span>
                  </span>
                )}
              </button>
            );
          })}
        </div>
      </div>
      <div id={panelId} role="tabpanel" aria-labelledby={tabId(value)} className="pt-6">
        {children}
      </div>
    </div>
  );
}

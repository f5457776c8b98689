import { type ReactNode, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { cn } from './cn.ts';

export type MenuItem = {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  tone?: 'default' | 'danger' | 'success';
};

type Position = { top?: number; bottom?: number; left?: number; right?: number };

/**
 * A button that opens a list of actions. The list is rendered at the end of the page (or of the open dialog) and
 * positioned against the viewport, so neither a scrolling table nor a blurred header can clip or shift it; arrow
 * keys move between items, Escape closes and gives focus back to the button.
 */
export function Menu({
  label,
  trigger,
  triggerClassName,
  items,
  header,
  align = 'end',
  placement = 'auto',
}: {
  label: string;
  trigger: ReactNode;
  triggerClassName?: string;
  items: MenuItem[];
  header?: ReactNode;
  align?: 'start' | 'end';
  placement?: 'auto' | 'above';
}) {
  const [open, setOpen] = useState(false);
  const [pos, setPos] = useState<Position>({});
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const close = useCallback((focusButton: boolean) => {
    setOpen(false);
    setPos({});
    if (focusButton) buttonRef.current?.focus();
  }, []);

  /** Places the list under the button (or above it when there is no room below); false when off screen. */
  const place = useCallback(() => {
    if (!buttonRef.current || !panelRef.current) return false;
    const r = buttonRef.current.getBoundingClientRect();
    const h = panelRef.current.offsetHeight;
    const vw = document.documentElement.clientWidth;
    const vh = document.documentElement.clientHeight;
    if (r.bottom < 0 || r.top > vh) return false;
    const gap = 6;
    const above = placement === 'above' || (r.bottom + gap + h > vh && r.top - gap - h > 0);
    const next: Position = above ? { bottom: vh - r.top + gap } : { top: r.bottom + gap };
    if (align === 'end') next.right = Math.max(8, vw - r.right);
    else next.left = Math.max(8, r.left);
    setPos(next);
    return true;
  }, [align, placement]);

  useLayoutEffect(() => {
    if (open) place();
  }, [open, place]);

  // Once placed (and so visible), the first item takes the focus.
  const placed = pos.top !== undefined || pos.bottom !== undefined;
  useEffect(() => {
    if (open && placed)
      panelRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus({ preventScroll: true });
  }, [open, placed]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    // The list follows its button while the page scrolls; it closes when the button leaves the screen.
    const onMove = () => {
      if (!place()) close(false);
    };
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('scroll', onMove, true);
    window.addEventListener('resize', onMove);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('scroll', onMove, true);
      window.removeEventListener('resize', onMove);
    };
  }, [open, close, place]);

  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const list = Array.from(panelRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      list[(at + step + list.length) % list.length]?.focus();
    } else if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      (e.key === 'Home' ? list[0] : list[list.length - 1])?.focus();
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
          triggerClassName,
        )}
      >
        {trigger}
      </button>
      {open &&
        createPortal(
          <div
            ref={panelRef}
            id={menuId}
            role="menu"
            aria-label={label}
            tabIndex={-1}
            onKeyDown={onKeyDown}
            style={{ position: 'fixed', ...pos, visibility: (pos.top ?? pos.bottom) ? 'visible' : 'hidden' }}
            className="z-50 min-w-52 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 text-sm shadow-xl shadow-slate-900/10 dark:border-white/10 dark:bg-slate-900 dark:shadow-black/40"
          >
            {header && (
              <div className="border-b border-slate-200 px-3.5 py-2.5 dark:border-white/10">{header}</div>
            )}
            {items.map((item) => (
              <button
                key={item.key}
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(true);
                  item.onSelect();
                }}
                className={cn(
                  'flex w-full items-center gap-2.5 px-3.5 py-2 text-left outline-none hover:bg-slate-100 focus:bg-slate-100 dark:hover:bg-white/5 dark:focus:bg-white/5',
                  item.tone === 'danger'
                    ? 'text-red-600 dark:text-red-400'
                    : item.tone === 'success'
                      ? 'text-green-700 dark:text-green-400'
                      : 'text-slate-700 dark:text-slate-200',
                )}
              >
                {item.icon && (
                  <span aria-hidden="true" className="shrink-0 [&>svg]:size-4">
                    {item.icon}
                  </span>
                )}
                {item.label}
              </button>
            ))}
          </div>,
          buttonRef.current?.closest('dialog') ?? document.body,
        )}
    </>
  );
}

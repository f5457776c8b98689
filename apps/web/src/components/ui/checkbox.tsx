import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { cn } from './cn.ts';

/** A native checkbox in the brand colour; `indeterminate` shows a partial selection. */
export function Checkbox({
  indeterminate = false,
  className,
  ...rest
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        'size-4 cursor-pointer rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed dark:accent-brand-500 dark:[color-scheme:dark]',
        className,
      )}
      {...rest}
    />
  );
}

import { useState } from 'react';
import { cn } from './cn.ts';

/** Up to two initials of a name or e-mail address. */
export function initials(name: string): string {
  const base = name.includes('@') ? (name.split('@')[0] ?? name) : name;
  const words = base
    .split(/[\s._-]+/)
    .map((w) => w.trim())
    .filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** A round picture, or the initials of the name when there is none (or it fails to load). */
export function Avatar({ name, src, className }: { name: string; src?: string | null; className?: string }) {
  const [failed, setFailed] = useState(false);
  const base = cn(
    'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full',
    className,
  );
  if (src && !failed) {
    return <img src={src} alt="" className={cn(base, 'object-cover')} onError={() => setFailed(true)} />;
  }
  return (
    <span
      aria-hidden="true"
      className={cn(
        base,
        'bg-gradient-to-br from-brand-500 to-violet-500 text-xs font-semibold text-white select-none',
      )}
    >
      {initials(name)}
    </span>
  );
}

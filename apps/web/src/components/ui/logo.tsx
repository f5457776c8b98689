import { useId } from 'react';
import { cn } from './cn.ts';

export function LogoMark({ className }: { className?: string }) {
  // A gradient id per copy: with a shared id, hiding the first copy would strip the others of their colour.
  const id = useId();
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#8b5cf6" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${id})`} />
      <path d="M21.5 11.2a7 7 0 1 0 0 9.6" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      <circle cx="22" cy="16" r="1.8" fill="#fff" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark className="size-7" />
      <span className="text-lg">Coinlane</span>
    </span>
  );
}

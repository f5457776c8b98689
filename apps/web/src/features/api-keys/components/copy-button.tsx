import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { copyText } from '../utils/copy-text.ts';

/** Copies `text`; the label reads 'Copied!' for 2 s, or the failure text when the browser refused. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  failedLabel,
  variant = 'outline',
  size = 'sm',
  className,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  failedLabel: string;
  variant?: 'outline' | 'primary' | 'ghost';
  size?: 'sm' | 'md';
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), state === 'copied' ? 2000 : 5000);
    return () => clearTimeout(timer);
  }, [state]);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <Button
        variant={variant}
        size={size}
        className={className}
        onClick={() => {
          void copyText(text).then((ok) => setState(ok ? 'copied' : 'failed'));
        }}
      >
        {state === 'copied' ? (
          <Check className="size-4" aria-hidden="true" />
        ) : (
          <Copy className="size-4" aria-hidden="true" />
        )}
        {state === 'copied' ? copiedLabel : label}
      </Button>
      {state === 'failed' && (
        <span role="alert" className="text-xs text-red-600 dark:text-red-400">
          {failedLabel}
        </span>
      )}
    </span>
  );
}

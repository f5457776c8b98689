import { useCallback, useEffect, useRef, useState } from 'react';

export const TOAST_MS = 2000;

async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {}
  }
  // Fallback for pages without clipboard permission.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand('copy');
  } catch {}
  area.remove();
  return ok;
}

/** Copies text and shows a toast for 2 s (merchant spec 9). */
export function useCopyToast() {
  const [toast, setToast] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = useCallback(async (text: string, done: string, failed: string) => {
    const ok = await writeClipboard(text);
    clearTimeout(timer.current);
    setToast(ok ? done : failed);
    timer.current = setTimeout(() => setToast(null), TOAST_MS);
  }, []);
  return { toast, copy };
}

export function Toast({ message }: { message: string | null }) {
  return (
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 bottom-6 z-50 flex justify-center px-4"
    >
      {message && (
        <div className="rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white shadow-lg">
          {message}
        </div>
      )}
    </div>
  );
}

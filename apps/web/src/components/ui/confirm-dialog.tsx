import type { ReactNode } from 'react';
import { Banner } from './banner.tsx';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/** A yes/no question in a modal dialog (never window.confirm), with the failure of the action inside it. */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  tone = 'danger',
  busy,
  error,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  tone?: 'danger' | 'primary';
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      closeLabel={closeLabel}
      className="max-w-md"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-600 dark:text-slate-300">
        {children}
        {error && <Banner tone="error">{error}</Banner>}
      </div>
    </Dialog>
  );
}

// A modal question before something that cannot be undone (deleting an address). The native
// <dialog> opened with showModal() keeps focus inside, closes on Escape and hides the page from
// screen readers; focus starts on the safe answer and returns to the button that opened it.
import { useEffect, useId, useRef } from 'react';

type Props = {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, busy = false, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const id = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
      cancelRef.current?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
      opener.current?.focus();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(event) => {
        // Escape: closed by React state, so the effect above returns the focus
        event.preventDefault();
        onCancel();
      }}
      data-testid="confirm-dialog"
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-text`}>{text}</p>
      <div className="account-actions">
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} data-testid="confirm-yes">
          {confirmLabel}
        </button>
        <button type="button" ref={cancelRef} className="button button--secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </dialog>
  );
}

import { useEffect, useId, useRef } from 'react';

interface OccurrenceDialogProps {
  /** What is asked about: 'Delete' or 'Change'; no dialog when null. */
  action: 'Delete' | 'Change' | null;
  title: string;
  onThis: () => void;
  onAll: () => void;
  onClose: () => void;
}

/**
 * Asks whether a change to a repeating event is for "This event" (one occurrence) or "All
 * events" (the series). A modal `<dialog>`: the focus stays inside, Escape cancels.
 */
export function OccurrenceDialog({ action, title, onThis, onAll, onClose }: OccurrenceDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (action && !dialog.open) dialog.showModal();
    if (!action && dialog.open) dialog.close();
  }, [action]);

  return (
    <dialog ref={ref} className="occurrence-dialog" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className="card-title">
        {action === 'Change' ? 'Change' : 'Delete'} “{title}”, a repeating event
      </h2>
      <div className="dialog-actions">
        <button type="button" className="btn btn-primary" onClick={onThis}>
          <span>This event</span>
        </button>
        <button type="button" className="btn btn-secondary" onClick={onAll}>
          <span>All events</span>
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          <span>Cancel</span>
        </button>
      </div>
    </dialog>
  );
}

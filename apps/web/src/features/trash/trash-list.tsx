import { TRASH_DAYS, type TrashEntry } from '@prodify/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RotateCcw, Trash2, X } from 'lucide-react';
import { type MouseEvent, useId } from 'react';
import { Button } from '../../components/button';
import { eventLabel, formatShortDate } from '../../lib/dates';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { toast, toastFailure } from '../../lib/toast';
import { useInPlaceEditor } from '../../lib/use-in-place-editor';
import { trashQuery, useEmptyTrash, useRemoveForever, useRestore } from './queries';

const KIND_LABELS = { note: 'Note', todo: 'Task', event: 'Event' } as const;

function entryTitle(entry: TrashEntry): string {
  switch (entry.kind) {
    case 'note':
      return entry.item.title;
    case 'todo':
      return entry.item.task;
    case 'event':
      return `${eventLabel(entry.item)} (${entry.item.date})`;
  }
}

function TrashItem({ entry }: { entry: TrashEntry }) {
  const titleId = useId();
  const restore = useRestore();
  const remove = useRemoveForever();
  const kind = KIND_LABELS[entry.kind];
  const title = entryTitle(entry);

  const onRestore = (event: MouseEvent<HTMLButtonElement>) => {
    const refocus = focusAfterDelete(event.currentTarget);
    restore.mutate(
      { kind: entry.kind, id: entry.item.id },
      {
        onSuccess: () => {
          toast.success(`${kind} restored.`);
          refocus();
        },
        onError: toastFailure(`Failed to restore ${kind.toLowerCase()}.`),
      },
    );
  };

  const onRemove = (event: MouseEvent<HTMLButtonElement>) => {
    const refocus = focusAfterDelete(event.currentTarget);
    remove.mutate(
      { kind: entry.kind, id: entry.item.id },
      {
        onSuccess: () => {
          toast.success(`${kind} deleted forever.`);
          refocus();
        },
        onError: toastFailure(`Failed to delete ${kind.toLowerCase()}.`),
      },
    );
  };

  return (
    <li className="list-item trash-item">
      <div className="trash-text">
        <span className="badge trash-kind">{kind}</span>
        <span className="trash-title" id={titleId} dir="auto">
          {title}
        </span>
        <span className="muted">
          Deleted <time dateTime={entry.deleted_at}>{formatShortDate(entry.deleted_at)}</time>
        </span>
      </div>
      {/* Restore and Delete forever sit together, whatever the width. */}
      <div className="trash-actions">
        <Button
          variant="secondary"
          busy={restore.isPending}
          aria-describedby={titleId}
          icon={<RotateCcw size={16} aria-hidden="true" />}
          onClick={onRestore}
        >
          Restore
        </Button>
        <ConfirmForever
          label="Delete forever"
          question={`Delete “${title}” forever? This cannot be undone.`}
          describedBy={titleId}
          busy={remove.isPending}
          onConfirm={onRemove}
        />
      </div>
    </li>
  );
}

/**
 * A danger button that asks again in place, and does what cannot be undone only on "Yes";
 * Cancel gives the focus back to it.
 */
function ConfirmForever({
  label,
  question,
  describedBy,
  busy,
  onConfirm,
}: {
  label: string;
  question: string;
  describedBy?: string;
  busy: boolean;
  onConfirm: (event: MouseEvent<HTMLButtonElement>) => void;
}) {
  // The question opens in place of the button, and Cancel gives the focus back to it.
  const { editing: confirming, open, close, opener } = useInPlaceEditor();
  const warningId = useId();

  if (!confirming) {
    return (
      <Button
        ref={opener}
        variant="danger"
        aria-describedby={describedBy}
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={open}
      >
        {label}
      </Button>
    );
  }
  return (
    <div className="confirm-row">
      <p id={warningId} role="alert">
        {question}
      </p>
      <Button
        variant="danger"
        busy={busy}
        autoFocus
        aria-describedby={warningId}
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={onConfirm}
      >
        Yes, delete forever
      </Button>
      <Button variant="secondary" icon={<X size={16} aria-hidden="true" />} onClick={close}>
        Cancel
      </Button>
    </div>
  );
}

/** Empty trash: everything in it is deleted forever, after a second click that says so. */
function EmptyTrash({ count }: { count: number }) {
  const empty = useEmptyTrash();
  return (
    <ConfirmForever
      label="Empty trash"
      question={`Delete ${count === 1 ? 'this item' : `all ${count} items`} forever? This cannot be undone.`}
      busy={empty.isPending}
      onConfirm={() =>
        empty.mutate(undefined, {
          onSuccess: () => {
            toast.success('Trash emptied.');
            document.getElementById('main')?.focus();
          },
          onError: toastFailure('Failed to empty the trash.'),
        })
      }
    />
  );
}

/** What is in the trash, newest first, each with Restore and Delete forever; and Empty trash. */
export function TrashList() {
  const { data: entries } = useSuspenseQuery(trashQuery);
  if (entries.length === 0) return <p className="empty">The trash is empty.</p>;
  return (
    <>
      <p className="muted">Deleted items stay here for {TRASH_DAYS} days, then go for good.</p>
      <ul className="list">
        {entries.map((entry) => (
          <TrashItem key={`${entry.kind}-${entry.item.id}`} entry={entry} />
        ))}
      </ul>
      <EmptyTrash count={entries.length} />
    </>
  );
}

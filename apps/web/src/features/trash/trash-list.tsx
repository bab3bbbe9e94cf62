import { TRASH_DAYS, type TrashEntry } from '@prodify/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { RotateCcw, Trash2, X } from 'lucide-react';
import { type MouseEvent, useId, useRef, useState } from 'react';
import { Button } from '../../components/button';
import { eventLabel, formatUsDate } from '../../lib/dates';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { toast, toastFailure } from '../../lib/toast';
import { trashQuery, useEmptyTrash, useRestore } from './queries';

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
  const kind = KIND_LABELS[entry.kind];

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

  return (
    <li className="list-item trash-item">
      <div className="trash-text">
        <span className="badge trash-kind">{kind}</span>
        <span className="trash-title" id={titleId}>
          {entryTitle(entry)}
        </span>
        <span className="muted">
          Deleted <time dateTime={entry.deleted_at}>{formatUsDate(entry.deleted_at)}</time>
        </span>
      </div>
      <Button
        variant="secondary"
        busy={restore.isPending}
        aria-describedby={titleId}
        icon={<RotateCcw size={16} aria-hidden="true" />}
        onClick={onRestore}
      >
        Restore
      </Button>
    </li>
  );
}

/** Delete forever: everything in the trash, after a second click that says so. */
function EmptyTrash({ count }: { count: number }) {
  const [confirming, setConfirming] = useState(false);
  const empty = useEmptyTrash();
  const first = useRef<HTMLButtonElement>(null);
  const warningId = useId();

  if (!confirming) {
    return (
      <Button
        ref={first}
        variant="danger"
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={() => setConfirming(true)}
      >
        Delete forever
      </Button>
    );
  }
  return (
    <div className="confirm-row">
      <p id={warningId} role="alert">
        Delete {count === 1 ? 'this item' : `all ${count} items`} forever? This cannot be undone.
      </p>
      <Button
        variant="danger"
        busy={empty.isPending}
        autoFocus
        aria-describedby={warningId}
        icon={<Trash2 size={16} aria-hidden="true" />}
        onClick={() =>
          empty.mutate(undefined, {
            onSuccess: () => {
              toast.success('Trash emptied.');
              document.getElementById('main')?.focus();
            },
            onError: toastFailure('Failed to empty the trash.'),
          })
        }
      >
        Yes, delete forever
      </Button>
      <Button
        variant="secondary"
        icon={<X size={16} aria-hidden="true" />}
        onClick={() => setConfirming(false)}
      >
        Cancel
      </Button>
    </div>
  );
}

/** What is in the trash, newest first, each with Restore; and Delete forever for all of it. */
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

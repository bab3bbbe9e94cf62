import type { TrashKind } from '@prodify/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { toastFailure } from '../../lib/toast';
import { useInPlaceEditor } from '../../lib/use-in-place-editor';
import { offerUndo } from './undo';

/*
 * What every item (a note in the list or on its page, a task, an event) does with its Edit and
 * Delete buttons (ADR 0207), written once. It sits with the trash because a delete here is a
 * move to the trash, undone from there; lib/ imports no feature.
 */

/** A delete's toasts, by kind ('Note deleted!' is the spec's text). */
export const DELETE_TOASTS: Record<TrashKind, { deleted: string; failed: string }> = {
  note: { deleted: 'Note deleted!', failed: 'Failed to delete note.' },
  todo: { deleted: 'Task deleted.', failed: 'Failed to delete task' },
  event: { deleted: 'Event deleted.', failed: 'Failed to delete event' },
};

/** The item to delete: its kind, its id, and its list's delete mutation. */
export interface DeleteTarget {
  kind: TrashKind;
  id: number;
  mutation: { mutateAsync(id: number): Promise<unknown> };
}

/**
 * Deletes an item: once the server has moved it to the trash, the toast with Undo, then
 * `refocus` (see focusAfterDelete: taken before the delete, run once the list shows it);
 * on failure, the failure toast.
 */
export function useDeleteWithUndo() {
  const queryClient = useQueryClient();
  return ({ kind, id, mutation }: DeleteTarget, refocus?: () => void) => {
    const { deleted, failed } = DELETE_TOASTS[kind];
    // The promise, not mutate's callbacks: those are dropped when the screen that deleted has
    // gone meanwhile (a note's own page leaves at once), and the toast with Undo must still come.
    mutation.mutateAsync(id).then(() => {
      offerUndo(queryClient, kind, id, deleted);
      refocus?.();
    }, toastFailure(failed));
  };
}

interface ItemActionsOptions<P> {
  /** Sends an edit's changed fields; called only when there are some. */
  save: (patch: P) => void;
  /** The item to delete, with Undo, here. */
  remove?: DeleteTarget;
  /** Or the list's own delete (an event's list may first ask "This event" or "All events"). */
  onDelete?: (click: MouseEvent<HTMLButtonElement>) => void;
}

/**
 * An item's Edit and Delete.
 * - `editing`: show the editor in place of the item, with `editor` (its onCancel and onSave:
 *   either closes it, the focus goes back to Edit, and a save sends only what changed).
 * - `buttons`: the Edit button's ref and click, and Delete's (the props of ItemActions).
 * - `deleteItem`: delete with Undo. Given the click, the focus then moves to the same button of
 *   the next item; without one (a page that is left at once), it stays where it is.
 */
export function useItemActions<P extends object>({
  save,
  remove,
  onDelete,
}: ItemActionsOptions<P>) {
  const editor = useInPlaceEditor();
  const deleteWithUndo = useDeleteWithUndo();
  const deleteItem = (click?: MouseEvent<HTMLElement>) => {
    if (remove) deleteWithUndo(remove, click && focusAfterDelete(click.currentTarget));
  };
  return {
    editing: editor.editing,
    editor: {
      onCancel: editor.close,
      onSave: (patch: P) => {
        editor.close();
        if (Object.keys(patch).length > 0) save(patch);
      },
    },
    buttons: { opener: editor.opener, onEdit: editor.open, onDelete: onDelete ?? deleteItem },
    deleteItem,
  };
}

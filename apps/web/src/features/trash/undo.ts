import type { TrashKind } from '@prodify/contract';
import type { QueryClient } from '@tanstack/react-query';
import { toast, toastFailure } from '../../lib/toast';
import { restoreItem, trashKeys } from './queries';

const NAMES: Record<TrashKind, string> = { note: 'Note', todo: 'Task', event: 'Event' };

/**
 * After a delete: `message` (the spec's text, e.g. 'Note deleted!') with an Undo button that
 * stays for 10 s and brings the item back from the trash.
 */
export function offerUndo(queryClient: QueryClient, kind: TrashKind, id: number, message: string) {
  void queryClient.invalidateQueries({ queryKey: trashKeys.all });
  toast.withAction(message, {
    label: 'Undo',
    run: () => {
      restoreItem(queryClient, kind, id).then(
        () => toast.success(`${NAMES[kind]} restored.`),
        toastFailure(`Failed to restore ${NAMES[kind].toLowerCase()}.`),
      );
    },
  });
}

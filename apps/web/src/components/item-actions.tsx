import { Pencil } from 'lucide-react';
import type { MouseEvent, Ref } from 'react';
import { DeleteButton, IconButton } from './button';

interface ItemActionsProps {
  /** What the item is, in the buttons' names: "note" gives "Edit note" and "Delete note". */
  noun: string;
  /** The id of the element that names the item (the buttons' description). */
  describedBy: string;
  /** The Edit button, which gets the focus back when its editor closes. */
  opener: Ref<HTMLButtonElement>;
  onEdit: () => void;
  deleting: boolean;
  onDelete: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** A list item's Edit and Delete buttons. */
export function ItemActions({
  noun,
  describedBy,
  opener,
  onEdit,
  deleting,
  onDelete,
}: ItemActionsProps) {
  return (
    <div className="item-actions">
      <IconButton
        ref={opener}
        label={`Edit ${noun}`}
        aria-describedby={describedBy}
        onClick={onEdit}
      >
        <Pencil size={18} aria-hidden="true" />
      </IconButton>
      <DeleteButton
        label={`Delete ${noun}`}
        busy={deleting}
        describedBy={describedBy}
        onClick={onDelete}
      />
    </div>
  );
}

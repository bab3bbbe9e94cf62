import { TRASH_DAYS } from '@prodify/contract';
import { Link } from '@tanstack/react-router';
import { Trash2 } from 'lucide-react';

/** Settings' way to the trash. */
export function TrashSection() {
  return (
    <section className="card" aria-labelledby="trash-title">
      <h2 className="card-title" id="trash-title">
        Trash
      </h2>
      <p>
        Deleted notes, tasks and events stay in the trash for {TRASH_DAYS} days: restore them from
        there.
      </p>
      <Link to="/trash" className="btn btn-secondary trash-link">
        <Trash2 size={16} aria-hidden="true" />
        <span>Open the trash</span>
      </Link>
    </section>
  );
}

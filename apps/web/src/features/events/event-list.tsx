import type { EventPatch, EventItem as Occurrence } from '@prodify/contract';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { focusAfterDelete } from '../../lib/focus-after-delete';
import { useDeleteWithUndo } from '../trash/use-item-actions';
import { EventItem } from './event-item';
import { OccurrenceDialog } from './occurrence-dialog';
import { deleteOccurrenceWithUndo } from './occurrence-undo';
import { eventsOnDayQuery, useDeleteEvent, useEditEvent, usePatchOccurrence } from './queries';

/**
 * A repeating event whose delete or change asks "This event" or "All events": where focus goes
 * after the delete, or the change's answer (`all`; null when the question is cancelled).
 */
type Asking =
  | { action: 'Delete'; event: Occurrence; refocus: () => void }
  | { action: 'Change'; event: Occurrence; settle: (all: boolean | null) => void };

export function EventList({ date }: { date: string }) {
  const { data: events } = useSuspenseQuery(eventsOnDayQuery(date));
  const remove = useDeleteEvent();
  const queryClient = useQueryClient();
  const edit = useEditEvent();
  const editOne = usePatchOccurrence();
  const deleteWithUndo = useDeleteWithUndo();
  const [asking, setAsking] = useState<Asking | null>(null);

  if (events.length === 0) return <p className="empty">No events.</p>;

  const deleteAll = ({ event, refocus }: { event: Occurrence; refocus: () => void }) =>
    deleteWithUndo({ kind: 'event', id: event.id, mutation: remove }, refocus);

  // No trash holds one occurrence: its delete waits for the toast's Undo (ADR 0516).
  const deleteThis = ({ event, refocus }: { event: Occurrence; refocus: () => void }) =>
    deleteOccurrenceWithUndo(
      queryClient,
      { id: event.id, occurrence: event.occurrence ?? event.date },
      refocus,
    );
  // An occurrence has no rule of its own (the contract's OccurrencePatchSchema).
  const changeThis = (event: Occurrence, { rrule: _rrule, ...patch }: EventPatch) =>
    editOne
      .mutateAsync({ id: event.id, occurrence: event.occurrence ?? event.date, patch })
      .then(() => true);
  const change = (event: Occurrence, patch: EventPatch) =>
    edit.mutateAsync({ id: event.id, patch }).then(() => true);
  // The series keeps its own first date: a new day applies to one occurrence only.
  const changeAll = async (event: Occurrence, { date: _date, ...patch }: EventPatch) =>
    Object.keys(patch).length > 0 ? change(event, patch) : true;
  /** The editor's save: resolves once saved (false when the question was cancelled). */
  const save = (event: Occurrence, patch: EventPatch): Promise<boolean> => {
    if (!event.recurring) return change(event, patch);
    // The rule is the series': a changed one is for all events, without asking.
    if (patch.rrule !== undefined) return changeAll(event, patch);
    return new Promise((resolve, reject) => {
      let answered = false;
      const settle = (all: boolean | null) => {
        if (answered) return;
        answered = true;
        if (all === null) resolve(false);
        else (all ? changeAll : changeThis)(event, patch).then(resolve, reject);
      };
      setAsking({ action: 'Change', event, settle });
    });
  };
  const answer = (all: boolean | null) => {
    if (asking?.action === 'Delete' && all !== null) (all ? deleteAll : deleteThis)(asking);
    if (asking?.action === 'Change') asking.settle(all);
    setAsking(null);
  };

  return (
    <>
      <ul className="list events">
        {events.map((event) => (
          <EventItem
            key={`${event.id}-${event.occurrence ?? event.date}`}
            event={event}
            deleting={remove.isPending && remove.variables === event.id}
            onEdit={(patch) => save(event, patch)}
            onDelete={(click) => {
              const target = { event, refocus: focusAfterDelete(click.currentTarget) };
              if (event.recurring) setAsking({ action: 'Delete', ...target });
              else deleteAll(target);
            }}
          />
        ))}
      </ul>
      <OccurrenceDialog
        action={asking?.action ?? null}
        title={asking?.event.title ?? ''}
        onClose={() => answer(null)}
        onThis={() => answer(false)}
        onAll={() => answer(true)}
      />
    </>
  );
}

import type { Note } from '@prodify/contract';
import { Pencil, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { Button, DeleteButton, IconButton } from '../../components/button';
import { formatUsDate } from '../../lib/dates';
import { toast, toastFailure } from '../../lib/toast';
import { useInPlaceEditor } from '../../lib/use-in-place-editor';
import { NoteEditor } from './note-editor';
import { useDeleteNote, useEditNote, useSummarizeNote } from './queries';

export function NoteItem({ note }: { note: Note }) {
  const titleId = useId();
  const summarize = useSummarizeNote(note.id);
  const remove = useDeleteNote();
  const edit = useEditNote();
  const editor = useInPlaceEditor();

  const onSummarize = () =>
    summarize.mutate(undefined, { onError: toastFailure('Failed to summarize note.') });

  const onDelete = () =>
    remove.mutate(note.id, {
      onSuccess: () => toast.success('Note deleted!'),
      onError: toastFailure('Failed to delete note.'),
    });

  if (editor.editing) {
    return (
      <li className="list-item note editing">
        <NoteEditor
          note={note}
          onCancel={editor.close}
          onSave={(patch) => {
            editor.close();
            if (Object.keys(patch).length > 0) edit.mutate({ id: note.id, patch });
          }}
        />
      </li>
    );
  }

  return (
    <li
      className="list-item note"
      aria-labelledby={titleId}
      aria-busy={summarize.isPending || undefined}
    >
      <div className="note-head">
        <h3 className="note-title" id={titleId}>
          {note.title}
        </h3>
        <div className="item-actions">
          <IconButton
            ref={editor.opener}
            label="Edit note"
            aria-describedby={titleId}
            onClick={editor.open}
          >
            <Pencil size={18} aria-hidden="true" />
          </IconButton>
          <DeleteButton
            label="Delete note"
            busy={remove.isPending}
            describedBy={titleId}
            onClick={onDelete}
          />
        </div>
      </div>
      <p className="note-content">{note.content}</p>
      <div className="note-foot">
        <time className="muted" dateTime={note.created_at}>
          {formatUsDate(note.created_at)}
        </time>
        <Button
          variant="success"
          busy={summarize.isPending}
          aria-describedby={titleId}
          icon={<Sparkles size={16} aria-hidden="true" />}
          onClick={onSummarize}
        >
          {summarize.isPending ? 'Summarizing...' : 'Summarize'}
        </Button>
      </div>
      {note.summary ? (
        <div className="summary">
          <strong>Summary:</strong>
          <p>{note.summary}</p>
        </div>
      ) : null}
    </li>
  );
}

import type { Note } from '@prodify/contract';
import { useIsMutating } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ItemActions } from '../../components/item-actions';
import { MarkdownText } from '../../components/markdown-lazy';
import { Marked } from '../../components/marked';
import { formatUsDate } from '../../lib/dates';
import { clearDraft } from '../../lib/drafts';
import { snippetAround } from '../../lib/highlight';
import { useItemActions } from '../trash/use-item-actions';
import { NoteEditor, noteDraftName } from './note-editor';
import { notePreview } from './note-preview';
import { NoteSummary, SummarizeButton } from './note-summary';
import { summarizeKey, useDeleteNote, useEditNote } from './queries';

/**
 * A note in the list: its title (a link to the note), its first lines, and its actions. In
 * search results (`terms`), the words found are marked, and the lines around the first one show.
 */
export function NoteItem({ note, terms = [] }: { note: Note; terms?: readonly string[] }) {
  const titleId = useId();
  const remove = useDeleteNote();
  const edit = useEditNote();
  const actions = useItemActions({
    // The editor's draft goes once the server has the text (a refused edit keeps it).
    save: (patch) =>
      edit.mutateAsync({ id: note.id, patch }).then(
        () => clearDraft(noteDraftName(note.id)),
        () => undefined,
      ),
    remove: { kind: 'note', id: note.id, mutation: remove },
  });
  const preview = notePreview(note.content);
  const params = { id: String(note.id) };
  const summarizing = useIsMutating({ mutationKey: summarizeKey(note.id) }) > 0;

  if (actions.editing) {
    return (
      <li className="list-item note editing">
        <NoteEditor note={note} {...actions.editor} />
      </li>
    );
  }

  return (
    <li className="list-item note" aria-labelledby={titleId} aria-busy={summarizing || undefined}>
      <div className="note-head">
        <h3 className="note-title" id={titleId} dir="auto">
          <Link to="/note-history/$id" params={params} className="note-link">
            <Marked text={note.title} terms={terms} />
          </Link>
        </h3>
        <ItemActions
          noun="note"
          describedBy={titleId}
          deleting={remove.isPending}
          {...actions.buttons}
        />
      </div>
      {terms.length > 0 ? (
        <p className="note-content note-snippet" dir="auto">
          <Marked text={snippetAround(note.content, terms)} terms={terms} />
        </p>
      ) : (
        <MarkdownText text={preview.text} headingBase={4} className="note-content" />
      )}
      {preview.more || (terms.length > 0 && note.content.length > 220) ? (
        <Link
          to="/note-history/$id"
          params={params}
          className="show-more"
          aria-describedby={titleId}
        >
          Show more
        </Link>
      ) : null}
      <div className="note-foot">
        <time className="muted" dateTime={note.created_at}>
          {formatUsDate(note.created_at)}
        </time>
        <SummarizeButton id={note.id} describedBy={titleId} />
      </div>
      <NoteSummary summary={note.summary} />
    </li>
  );
}

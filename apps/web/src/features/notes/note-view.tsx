import type { Note } from '@prodify/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { MarkdownText } from '../../components/markdown-lazy';
import { formatUsDate } from '../../lib/dates';
import { clearDraft } from '../../lib/drafts';
import { useTitle } from '../../lib/use-title';
import { useItemActions } from '../trash/use-item-actions';
import { NoteEditor, noteDraftName } from './note-editor';
import { NoteSummary, SummarizeButton } from './note-summary';
import { useDeleteNote, useEditNote } from './queries';

function BackLink() {
  return (
    <Link to="/note-history" className="back-link">
      <ArrowLeft size={16} aria-hidden="true" />
      <span>All notes</span>
    </Link>
  );
}

/** A whole note on its own page (`/note-history/:id`): its text as Markdown and its summary. */
export function NoteView({ note }: { note: Note }) {
  useTitle(note.title);
  const edit = useEditNote();
  const remove = useDeleteNote();
  const actions = useItemActions({
    // The editor's draft goes once the server has the text (a refused edit keeps it).
    save: (patch) =>
      edit.mutateAsync({ id: note.id, patch }).then(
        () => clearDraft(noteDraftName(note.id)),
        () => undefined,
      ),
    remove: { kind: 'note', id: note.id, mutation: remove },
  });
  const navigate = useNavigate();

  const onDelete = () => {
    // Leave first: the note's own query is not asked for again once it is gone. No click is
    // passed on: the focus stays with the list the page goes to.
    void navigate({ to: '/note-history' });
    actions.deleteItem();
  };

  return (
    <div className="page note-page">
      <BackLink />
      <h1 className="page-title note-page-title" dir="auto">
        {note.title}
      </h1>
      <Card className="note-card">
        {actions.editing ? (
          <NoteEditor note={note} {...actions.editor} />
        ) : (
          <>
            <div className="note-foot">
              <time className="muted" dateTime={note.created_at}>
                {formatUsDate(note.created_at)}
              </time>
              <div className="item-actions">
                <Button
                  ref={actions.buttons.opener}
                  variant="secondary"
                  icon={<Pencil size={16} aria-hidden="true" />}
                  onClick={actions.buttons.onEdit}
                >
                  Edit note
                </Button>
                <Button
                  variant="danger"
                  icon={<Trash2 size={16} aria-hidden="true" />}
                  onClick={onDelete}
                >
                  Delete note
                </Button>
              </div>
            </div>
            <MarkdownText text={note.content} headingBase={2} className="note-body" />
            <div className="note-foot">
              <SummarizeButton id={note.id} />
            </div>
            <NoteSummary summary={note.summary} />
          </>
        )}
      </Card>
    </div>
  );
}

/** The view of a note id that does not exist (any more). */
export function NoteMissing() {
  useTitle('Note not found');
  return (
    <div className="page note-page">
      <BackLink />
      <h1 className="page-title">Note not found</h1>
      <Card>
        <p className="empty">This note does not exist, or it was deleted.</p>
      </Card>
    </div>
  );
}

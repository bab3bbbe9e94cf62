import { LIMITS, type Note } from '@prodify/contract';
import { useRef, useState } from 'react';
import { DraftNotice } from '../../components/draft-notice';
import { EditorForm } from '../../components/editor-form';
import { CountedInputField } from '../../components/field';
import { LongTextField, overLimit } from '../../components/long-text-field';
import { useDraft } from '../../lib/drafts';

export interface NoteDraft {
  title: string;
  content: string;
}

/** The name of a note's editor draft (lib/drafts.ts); its page and its list item share it. */
export const noteDraftName = (id: number) => `note:${id}`;

interface NoteEditorProps {
  note: Note;
  /** Called with the changed fields (none when nothing changed). */
  onSave: (patch: Partial<NoteDraft>) => void;
  onCancel: () => void;
}

/**
 * A note's editor, in place of the note: prefilled, Enter in the title or Ctrl+Enter (⌘+Enter)
 * in the content saves, Escape cancels. What is typed is kept as a draft until it is saved:
 * leaving the screen or Escape does not lose it, and the editor opens with it next time.
 */
export function NoteEditor({ note, onSave, onCancel }: NoteEditorProps) {
  const draft = useDraft(noteDraftName(note.id), { title: note.title, content: note.content });
  const { title, content } = draft.value;
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const formRef = useRef<HTMLFormElement>(null);

  const submit = () => {
    const next = {
      title: title.trim() ? '' : 'Please enter a title.',
      content: content.trim() ? '' : 'Please enter some content.',
    };
    if (next.title || next.content) {
      setErrors(next);
      return;
    }
    // Over the limit: the field says by how much; nothing is sent, nothing is cut.
    if (overLimit(content, LIMITS.noteContentMax) > 0) return;
    const patch: Partial<NoteDraft> = {};
    if (title !== note.title) patch.title = title;
    if (content !== note.content) patch.content = content;
    onSave(patch);
  };

  return (
    <EditorForm
      name={`Edit note: ${note.title}`}
      formRef={formRef}
      onSubmit={submit}
      onCancel={onCancel}
    >
      {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
      <CountedInputField
        label="Title"
        required
        autoFocus
        max={LIMITS.noteTitleMax}
        value={title}
        error={errors.title}
        onChange={(value) => {
          draft.update({ title: value });
          setErrors((e) => ({ ...e, title: '' }));
        }}
      />
      <LongTextField
        label="Content"
        rows={8}
        max={LIMITS.noteContentMax}
        hint="Ctrl+Enter saves, Escape cancels."
        error={errors.content}
        value={content}
        onChange={(value) => {
          draft.update({ content: value });
          setErrors((er) => ({ ...er, content: '' }));
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            formRef.current?.requestSubmit();
          }
        }}
      />
    </EditorForm>
  );
}

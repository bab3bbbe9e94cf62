import { LIMITS, type Note } from '@prodify/contract';
import { useRef, useState } from 'react';
import { EditorForm } from '../../components/editor-form';
import { CountedInputField, Field } from '../../components/field';

export interface NoteDraft {
  title: string;
  content: string;
}

interface NoteEditorProps {
  note: Note;
  /** Called with the changed fields (none when nothing changed). */
  onSave: (patch: Partial<NoteDraft>) => void;
  onCancel: () => void;
}

/**
 * A note's editor, in place of the note: prefilled, Enter in the title or Ctrl+Enter (⌘+Enter)
 * in the content saves, Escape cancels.
 */
export function NoteEditor({ note, onSave, onCancel }: NoteEditorProps) {
  const [title, setTitle] = useState(note.title);
  const [content, setContent] = useState(note.content);
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
      <CountedInputField
        label="Title"
        required
        autoFocus
        max={LIMITS.noteTitleMax}
        value={title}
        error={errors.title}
        onChange={(value) => {
          setTitle(value);
          setErrors((e) => ({ ...e, title: '' }));
        }}
      />
      <Field label="Content" hint="Ctrl+Enter saves, Escape cancels." error={errors.content}>
        {(control) => (
          <textarea
            {...control}
            required
            rows={8}
            maxLength={LIMITS.noteContentMax}
            value={content}
            onChange={(e) => {
              setContent(e.target.value);
              setErrors((er) => ({ ...er, content: '' }));
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                formRef.current?.requestSubmit();
              }
            }}
          />
        )}
      </Field>
    </EditorForm>
  );
}

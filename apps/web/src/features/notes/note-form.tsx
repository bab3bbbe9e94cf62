import { LIMITS } from '@prodify/contract';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { Field } from '../../components/field';
import { isSessionExpired } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useCreateNote } from './queries';

export function NoteForm({ onCreated }: { onCreated: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const create = useCreateNote();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    create.mutate(
      { title, content },
      {
        onSuccess: () => {
          toast.success('Note created!');
          setTitle('');
          setContent('');
          onCreated();
        },
        onError: (error) => {
          if (!isSessionExpired(error)) toast.error('Failed to create note.');
        },
      },
    );
  };

  return (
    <Card title="New note" labelledBy="new-note-title" className="form-card">
      <form className="form" onSubmit={submit}>
        <Field label="Title">
          {(control) => (
            <input
              {...control}
              type="text"
              required
              maxLength={LIMITS.noteTitleMax}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </Field>
        <Field label="Content">
          {(control) => (
            <textarea
              {...control}
              required
              rows={6}
              maxLength={LIMITS.noteContentMax}
              value={content}
              onChange={(e) => setContent(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" busy={create.isPending} icon={<Send size={16} aria-hidden="true" />}>
          Submit
        </Button>
      </form>
    </Card>
  );
}

import { LIMITS } from '@prodify/contract';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { Card } from '../../components/card';
import { CountedInputField, Field } from '../../components/field';
import { Form } from '../../components/form';
import { toast, toastFailure } from '../../lib/toast';
import { useCreateNote } from './queries';

export function NoteForm({ onCreated }: { onCreated: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const create = useCreateNote();

  const submit = () =>
    create.mutateAsync(
      { title, content },
      {
        onSuccess: () => {
          toast.success('Note created!');
          setTitle('');
          setContent('');
          onCreated();
        },
        onError: toastFailure('Failed to create note.'),
      },
    );

  return (
    <Card title="New note" className="form-card">
      <Form busy={create.isPending} onSubmit={submit}>
        <CountedInputField
          label="Title"
          required
          max={LIMITS.noteTitleMax}
          value={title}
          onChange={setTitle}
        />
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
        <SubmitButton busy={create.isPending} icon={Send}>
          Submit
        </SubmitButton>
      </Form>
    </Card>
  );
}

import { LIMITS } from '@prodify/contract';
import { Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { SubmitButton } from '../../components/button';
import { Card } from '../../components/card';
import { DraftNotice } from '../../components/draft-notice';
import { CountedInputField } from '../../components/field';
import { Form } from '../../components/form';
import { LongTextField, overLimit } from '../../components/long-text-field';
import { useDraft } from '../../lib/drafts';
import { toast, toastFailure } from '../../lib/toast';
import { useCreateNote } from './queries';

/** The new note's draft (lib/drafts.ts): kept while half-written, gone once saved. */
const DRAFT = 'note:new';
const EMPTY = { title: '', content: '' };

export function NoteForm({ onCreated }: { onCreated: () => void }) {
  const draft = useDraft(DRAFT, EMPTY);
  const { title, content } = draft.value;
  const create = useCreateNote();
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const submit = () => {
    // Over the limit: the field says by how much; nothing is sent, nothing is cut.
    if (overLimit(content, LIMITS.noteContentMax) > 0) return;
    // The promise, not mutate's callbacks: the draft goes once saved even if the screen was
    // left meanwhile, so it never comes back as a second copy.
    return create.mutateAsync({ title, content }).then(() => {
      toast.success('Note created!');
      draft.discard();
      // A screen left meanwhile is not brought back.
      if (shown.current) onCreated();
    }, toastFailure('Failed to create note.'));
  };

  return (
    <Card title="New note" className="form-card">
      <Form busy={create.isPending} onSubmit={submit}>
        {draft.restored ? <DraftNotice onDiscard={draft.discard} /> : null}
        <CountedInputField
          label="Title"
          required
          max={LIMITS.noteTitleMax}
          value={title}
          onChange={(value) => draft.update({ title: value })}
        />
        <LongTextField
          label="Content"
          rows={6}
          max={LIMITS.noteContentMax}
          value={content}
          onChange={(value) => draft.update({ content: value })}
        />
        <SubmitButton busy={create.isPending} icon={Send}>
          Submit
        </SubmitButton>
      </Form>
    </Card>
  );
}

import { LIMITS } from '@prodify/contract';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { SubmitButton } from '../../components/button';
import { InputField } from '../../components/field';
import { Form } from '../../components/form';
import { toast, toastFailure } from '../../lib/toast';
import { useRequiredText } from '../../lib/use-required-text';
import { useCreateNote } from '../notes/queries';
import { useCreateTodo } from '../todos/queries';

/**
 * One box that adds a task due today, or (with the switch) a note: its first line, cut to
 * the title's limit, is the title and the whole text the content.
 */
export function QuickAdd({ today }: { today: string }) {
  const [asNote, setAsNote] = useState(false);
  const text = useRequiredText(asNote ? 'Please write the note.' : 'Please enter a task.');
  const todo = useCreateTodo();
  const note = useCreateNote();
  const busy = todo.isPending || note.isPending;

  const submit = () => {
    if (!text.validate()) return;
    const value = text.value.trim();
    if (asNote) {
      const title = (value.split('\n')[0] ?? value).slice(0, LIMITS.noteTitleMax);
      return note.mutateAsync(
        { title, content: value },
        {
          onSuccess: () => {
            text.clear();
            toast.success('Note saved!');
          },
          onError: toastFailure('Failed to create note.'),
        },
      );
    } else {
      return todo.mutateAsync(
        { task: value.slice(0, LIMITS.taskMax), due_date: today },
        { onSuccess: () => text.clear(), onError: toastFailure('Failed to add task') },
      );
    }
  };

  return (
    <Form className="quick-add" busy={busy} onSubmit={submit} noValidate>
      <InputField
        label={asNote ? 'Quick note' : 'Quick task (due today)'}
        required
        maxLength={asNote ? LIMITS.noteContentMax : LIMITS.taskMax}
        {...text.field}
      />
      <label className="switch">
        <input
          type="checkbox"
          role="switch"
          aria-checked={asNote}
          checked={asNote}
          onChange={(event) => setAsNote(event.target.checked)}
        />
        <span>Add as a note</span>
      </label>
      <SubmitButton busy={busy} icon={Plus}>
        {asNote ? 'Add Note' : 'Add Task'}
      </SubmitButton>
    </Form>
  );
}

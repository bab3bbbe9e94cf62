import { Check, X } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { Button } from './button';
import { Form } from './form';

interface EditorFormProps {
  /** The form's name for assistive technology, e.g. "Edit note: Plan". */
  name: string;
  /** Returns the save's promise when it sends one: Save is busy until it settles (ADR 0510). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a submit that sends nothing returns nothing.
  onSubmit: () => void | Promise<unknown>;
  /** A save is being sent (Save shows a spinner; another submit does nothing). */
  busy?: boolean;
  onCancel: () => void;
  className?: string;
  formRef?: Ref<HTMLFormElement>;
  children: ReactNode;
}

/**
 * The frame of an in-place editor (a note's, a task's, an event's): a named form whose submit
 * (Enter) saves and whose Escape cancels, its fields, then Save and Cancel.
 */
export function EditorForm({
  name,
  onSubmit,
  busy = false,
  onCancel,
  className,
  formRef,
  children,
}: EditorFormProps) {
  const nameId = useId();
  return (
    <Form
      ref={formRef}
      busy={busy}
      onSubmit={onSubmit}
      noValidate
      className={className ? `in-place-editor ${className}` : 'in-place-editor'}
      aria-labelledby={nameId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onCancel();
      }}
    >
      <p id={nameId} className="sr-only">
        {name}
      </p>
      {children}
      <div className="editor-actions">
        <Button type="submit" busy={busy} icon={<Check size={16} aria-hidden="true" />}>
          Save
        </Button>
        <Button variant="secondary" icon={<X size={16} aria-hidden="true" />} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

import { Check, X } from 'lucide-react';
import { type ReactNode, type Ref, useId } from 'react';
import { Button } from './button';
import { Form } from './form';

interface EditorFormProps {
  /** The form's name for assistive technology, e.g. "Edit note: Plan". */
  name: string;
  onSubmit: () => void;
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
  onCancel,
  className,
  formRef,
  children,
}: EditorFormProps) {
  const nameId = useId();
  return (
    <Form
      ref={formRef}
      busy={false}
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
        <Button type="submit" icon={<Check size={16} aria-hidden="true" />}>
          Save
        </Button>
        <Button variant="secondary" icon={<X size={16} aria-hidden="true" />} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

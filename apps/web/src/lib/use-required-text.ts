import { useState } from 'react';

/**
 * A text field that must hold more than white space (the original form's "required" check: blank text is never sent): `validate()` shows `message`
 * under the field when it does not, and typing clears the message again.
 */
export function useRequiredText(message: string) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  return {
    /** The props of its InputField. */
    field: {
      value,
      error,
      onChange: (next: string) => {
        setValue(next);
        setError('');
      },
    },
    value,
    clear: () => setValue(''),
    validate: (): boolean => {
      if (value.trim() !== '') return true;
      setError(message);
      return false;
    },
  };
}

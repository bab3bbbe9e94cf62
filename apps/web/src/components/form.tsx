import type { FormHTMLAttributes, Ref } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** While the last submit's request is in flight, another submit does nothing. */
  busy: boolean;
  onSubmit: () => void;
  ref?: Ref<HTMLFormElement>;
}

/** A form that stays on its page: a submit runs `onSubmit` instead of loading a new one. */
export function Form({ busy, onSubmit, className, children, ...rest }: FormProps) {
  return (
    <form
      {...rest}
      className={className ? `form ${className}` : 'form'}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSubmit();
      }}
    >
      {children}
    </form>
  );
}

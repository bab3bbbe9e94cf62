import { type FormHTMLAttributes, type Ref, useRef } from 'react';

interface FormProps extends Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit'> {
  /** While the last submit's request is in flight, another submit does nothing. */
  busy: boolean;
  /**
   * Runs on submit. When it sends a request it returns that request's promise: until the
   * promise settles, another submit does nothing (ADR 0510).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a submit that sends nothing returns nothing.
  onSubmit: () => void | Promise<unknown>;
  ref?: Ref<HTMLFormElement>;
}

/**
 * A form that stays on its page: a submit runs `onSubmit` instead of loading a new one, and is
 * ignored while the last one is pending. `busy` comes from a render, which lags a fast double
 * click; the ref is set in the submit handler itself, so the second click of the same burst
 * already sees it (ADR 0510).
 */
export function Form({ busy, onSubmit, className, children, ...rest }: FormProps) {
  const pending = useRef(false);
  return (
    <form
      {...rest}
      className={className ? `form ${className}` : 'form'}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy || pending.current) return;
        const sent = onSubmit();
        if (!sent) return;
        pending.current = true;
        const release = () => {
          pending.current = false;
        };
        // Both ways: a refused request is reported by the caller, and the form opens again.
        sent.then(release, release);
      }}
    >
      {children}
    </form>
  );
}

import { LoaderCircle, type LucideIcon, Trash2 } from 'lucide-react';
import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';

type Variant = 'primary' | 'secondary' | 'success' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and ignores clicks, without moving the focus away (no `disabled`). */
  busy?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function Spinner({ size = 16 }: { size?: number }) {
  return <LoaderCircle className="spinner" size={size} aria-hidden="true" />;
}

export function Button({
  variant = 'primary',
  busy = false,
  icon,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
      {...rest}
    >
      {busy ? <Spinner /> : icon}
      <span>{children}</span>
    </button>
  );
}

interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name: an icon-only button always has one. */
  label: string;
  busy?: boolean;
  children: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

export function IconButton({
  label,
  busy,
  className,
  children,
  onClick,
  ...rest
}: IconButtonProps) {
  return (
    <button
      type="button"
      className={`icon-btn${className ? ` ${className}` : ''}`}
      aria-label={label}
      title={label}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) return;
        onClick?.(event);
      }}
      {...rest}
    >
      {busy ? <Spinner /> : children}
    </button>
  );
}

/** A form's submit button, busy while the form's request runs. */
export function SubmitButton({
  icon: Icon,
  ...rest
}: Omit<ButtonProps, 'type' | 'icon'> & { icon: LucideIcon }) {
  return <Button type="submit" icon={<Icon size={16} aria-hidden="true" />} {...rest} />;
}

interface DeleteButtonProps {
  label: string;
  busy: boolean;
  /** The id of what it deletes (a title), read after the button's name. */
  describedBy?: string;
  onClick: (event: MouseEvent<HTMLButtonElement>) => void;
}

/** The trash button of a list item. */
export function DeleteButton({ label, busy, describedBy, onClick }: DeleteButtonProps) {
  return (
    <IconButton
      label={label}
      className="danger"
      busy={busy}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      <Trash2 size={18} aria-hidden="true" />
    </IconButton>
  );
}

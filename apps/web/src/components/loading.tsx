import { Spinner } from './button';

/** 'Loading...' with a spinner; announced politely. */
export function Loading({ className }: { className?: string }) {
  return (
    <p className={className ? `loading ${className}` : 'loading'} role="status">
      <Spinner size={18} />
      <span>Loading...</span>
    </p>
  );
}

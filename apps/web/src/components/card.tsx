import { type ReactNode, useId } from 'react';

interface CardProps {
  title?: ReactNode;
  /** The heading level of the title (h2 unless told). */
  level?: 2 | 3;
  className?: string;
  actions?: ReactNode;
  children: ReactNode;
}

/** The one content surface of every screen: a rounded white (or dark) card. */
export function Card({ title, level = 2, className, actions, children }: CardProps) {
  const Heading = level === 2 ? 'h2' : 'h3';
  // A titled card is a region named by its title.
  const titleId = useId();
  const labelledBy = title ? titleId : undefined;
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={labelledBy}>
      {title || actions ? (
        <header className="card-header">
          {title ? (
            <Heading className="card-title" id={labelledBy}>
              {title}
            </Heading>
          ) : null}
          {actions}
        </header>
      ) : null}
      {children}
    </section>
  );
}

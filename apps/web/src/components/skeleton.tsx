/**
 * Grey bars in the shape of a list's items while it loads: the card keeps its size, so nothing
 * jumps when the items come. Screen readers hear 'Loading...'.
 */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="skeleton-list" role="status">
      <span className="sr-only">Loading...</span>
      {Array.from({ length: rows }, (_, i) => (
        <div className="skeleton-item" aria-hidden="true" key={i}>
          <span className="skeleton-line wide" />
          <span className="skeleton-line" />
        </div>
      ))}
    </div>
  );
}

import { type ComponentProps, lazy } from 'react';

/**
 * The Markdown renderer (react-markdown, remark-gfm: ~50 kB gzipped) in a chunk of its own,
 * fetched by the note screens only. Their loaders start it with the data (`loadMarkdown`), so
 * it rarely makes them wait; meanwhile the screen's Suspense fallback shows.
 */
export const loadMarkdown = () => import('./markdown');

const Lazy = lazy(() => loadMarkdown().then((m) => ({ default: m.MarkdownText })));

export function MarkdownText(props: ComponentProps<typeof Lazy>) {
  return <Lazy {...props} />;
}

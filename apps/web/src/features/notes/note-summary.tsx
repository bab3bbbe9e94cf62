import { useIsMutating } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Button } from '../../components/button';
import { toastFailure } from '../../lib/toast';
import { summarizeKey, useSummarizeNote } from './queries';

/** Summarize: busy while the summary is made (wherever it was asked for). */
export function SummarizeButton({ id, describedBy }: { id: number; describedBy?: string }) {
  const summarize = useSummarizeNote(id);
  const running = useIsMutating({ mutationKey: summarizeKey(id) }) > 0;
  return (
    <Button
      variant="success"
      busy={running}
      aria-describedby={describedBy}
      icon={<Sparkles size={16} aria-hidden="true" />}
      onClick={() =>
        summarize.mutate(undefined, { onError: toastFailure('Failed to summarize note.') })
      }
    >
      {running ? 'Summarizing...' : 'Summarize'}
    </Button>
  );
}

/** The note's saved summary, when it has one. */
export function NoteSummary({ summary }: { summary: string | null }) {
  if (!summary) return null;
  return (
    <div className="summary">
      <strong>Summary:</strong>
      <p dir="auto">{summary}</p>
    </div>
  );
}

import { useMutation } from '@tanstack/react-query';
import { CalendarDays, FileJson, FileText } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/button';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { joinMessages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { downloadFile } from '../../lib/transfer';

interface ExportChoice {
  label: string;
  what: string;
  path: string;
  /** The file name when the server names none. */
  fallback: string;
  Icon: typeof FileJson;
}

const EXPORTS: readonly ExportChoice[] = [
  {
    label: 'Export everything (JSON)',
    what: 'All your notes, tasks and events in one file that Prodify imports again.',
    path: '/api/export/',
    fallback: 'prodify-export.json',
    Icon: FileJson,
  },
  {
    label: 'Export notes (Markdown)',
    what: 'A zip with one Markdown file per note, for Obsidian, Joplin or Logseq.',
    path: '/api/export/notes.zip',
    fallback: 'prodify-notes.zip',
    Icon: FileText,
  },
  {
    label: 'Export calendar (ICS)',
    what: 'Your events, and tasks with a due date, for any calendar app.',
    path: '/api/calendar/export.ics',
    fallback: 'prodify-calendar.ics',
    Icon: CalendarDays,
  },
];

function ExportButton({ choice }: { choice: ExportChoice }) {
  const download = useMutation({
    mutationFn: () => downloadFile(choice.path, choice.fallback),
    onSuccess: (name) => toast.success(`Downloaded ${name}.`),
    onError: (error) => {
      if (isSessionExpired(error)) return;
      const text = error instanceof ApiError ? joinMessages(error.body) : '';
      toast.error(text || 'The export failed. Please try again.');
    },
  });
  const whatId = useId();
  return (
    <li className="data-choice">
      <Button
        variant="secondary"
        busy={download.isPending}
        icon={<choice.Icon size={16} aria-hidden="true" />}
        aria-describedby={whatId}
        onClick={() => download.mutate()}
      >
        {choice.label}
      </Button>
      <p className="field-hint" id={whatId}>
        {choice.what}
      </p>
    </li>
  );
}

/** One button per export format; each one downloads a file. */
export function ExportButtons() {
  return (
    <ul className="data-choices">
      {EXPORTS.map((choice) => (
        <ExportButton key={choice.path} choice={choice} />
      ))}
    </ul>
  );
}

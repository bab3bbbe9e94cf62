import { type ImportSummary, TRANSFER_LIMITS } from '@prodify/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button, SubmitButton } from '../../components/button';
import { Field } from '../../components/field';
import { Form } from '../../components/form';
import { ApiError, isSessionExpired } from '../../lib/errors';
import { joinMessages } from '../../lib/messages';
import { toast } from '../../lib/toast';
import { type Progress, uploadFile } from '../../lib/transfer';
import { readImportAnswer } from './import-answer';
import { ACCEPTED_FILES, formatSize, importKindOf } from './import-kind';
import { summarizeImport } from './import-summary';

type Stage = { sending: Progress } | 'processing' | null;

interface Outcome {
  file: string;
  summary: ImportSummary;
}

function ImportProgress({
  name,
  stage,
  onCancel,
}: {
  name: string;
  stage: Exclude<Stage, null>;
  onCancel: () => void;
}) {
  const labelId = useId();
  const sending = stage === 'processing' ? undefined : stage.sending;
  const percent = sending?.total ? Math.floor((100 * sending.loaded) / sending.total) : 0;
  return (
    <div className="import-progress">
      <p id={labelId}>
        {sending
          ? `Uploading ${name}: ${formatSize(sending.loaded)} of ${formatSize(sending.total)}`
          : `Importing ${name}…`}
      </p>
      {/* Determinate while bytes go out; indeterminate (no value) while the server works. */}
      {sending ? (
        <progress aria-labelledby={labelId} max={100} value={percent}>
          {percent}%
        </progress>
      ) : (
        <progress aria-labelledby={labelId} />
      )}
      {/* Only while bytes go out: once the server has them, it imports in one transaction. */}
      {sending ? (
        <Button variant="secondary" icon={<X size={16} aria-hidden="true" />} onClick={onCancel}>
          Cancel upload
        </Button>
      ) : null}
    </div>
  );
}

/**
 * A file picker and an Import button: a Prodify JSON export, a zip of Markdown notes, one
 * Markdown note, or an iCalendar file. Shows the upload's progress and then what was imported.
 */
export function ImportForm() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState('');
  const [stage, setStage] = useState<Stage>(null);
  const [sendingName, setSendingName] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const cancel = useRef<AbortController | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const kind = importKindOf(file);
      if (!kind) throw new Error('Choose a .json, .zip, .md or .ics file.');
      // The name titles a Markdown note that has no front matter title and no heading.
      const path = `${kind.path}?${new URLSearchParams({ filename: file.name.slice(0, 255) })}`;
      cancel.current = new AbortController();
      const res = await uploadFile(
        path,
        file,
        kind.contentType,
        (progress) =>
          setStage(progress.loaded >= progress.total ? 'processing' : { sending: progress }),
        cancel.current.signal,
      );
      return readImportAnswer(res.status, res.body);
    },
    onSuccess: async (summary, file) => {
      setOutcome({ file: file.name, summary });
      if (input.current) input.current.value = '';
      // The imported items belong in every list, calendar and count the app has cached.
      await queryClient.invalidateQueries();
    },
    onError: (err) => {
      if (isSessionExpired(err)) return;
      if (err instanceof DOMException && err.name === 'AbortError') {
        toast.info('Upload cancelled.');
        requestAnimationFrame(() => input.current?.focus());
        return;
      }
      const text = err instanceof ApiError ? joinMessages(err.body) : err.message;
      toast.error(text || 'The import failed. Please try again.');
    },
    onSettled: () => setStage(null),
  });

  const submit = () => {
    setOutcome(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Choose a file to import.');
      return;
    }
    if (!importKindOf(file)) {
      setError('Choose a .json, .zip, .md or .ics file.');
      return;
    }
    if (file.size > TRANSFER_LIMITS.importBytes) {
      setError(
        `This file is ${formatSize(file.size)}; an import takes at most ${formatSize(TRANSFER_LIMITS.importBytes)}.`,
      );
      return;
    }
    setError('');
    setSendingName(file.name);
    setStage({ sending: { loaded: 0, total: file.size } });
    return upload.mutateAsync(file);
  };

  return (
    <Form busy={upload.isPending} onSubmit={submit} noValidate>
      <Field
        label="File to import"
        hint="A Prodify export (.json), Markdown notes (.zip or .md) or a calendar (.ics). Imported items are added; nothing is overwritten, and items imported before are skipped."
        error={error}
      >
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept={ACCEPTED_FILES}
            onChange={() => setError('')}
          />
        )}
      </Field>
      <SubmitButton busy={upload.isPending} icon={Upload}>
        Import
      </SubmitButton>
      {/* Always in the page, so that screen readers announce what appears in it. */}
      <div className="import-status">
        {stage ? (
          <ImportProgress
            name={sendingName}
            stage={stage}
            onCancel={() => cancel.current?.abort()}
          />
        ) : null}
        <p className="import-summary" role="status">
          {outcome ? summarizeImport(outcome.summary) : null}
        </p>
        {outcome?.summary.reasons.length ? (
          <details className="import-reasons">
            <summary>Why items were skipped</summary>
            <ul>
              {outcome.summary.reasons.map(({ item, reason }, index) => (
                // A fixed list, never reordered; one item may be skipped twice.
                <li key={index}>
                  {item}: {reason}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </div>
    </Form>
  );
}

import { calendarComponents } from './ics-export';
import { readUpload, type UploadResult, type UploadTask } from './upload';

/**
 * The transfer worker's entry (ADR 0420): what costs CPU in proportion to a file runs here, on a
 * thread of the pool (transfer-pool.ts), never on the event loop: reading an uploaded file into
 * rows, and writing calendar components.
 */
export type TransferTask =
  | ({ kind: 'upload' } & UploadTask)
  | { kind: 'calendar'; events: string[]; todos: string[] };

export default function run(task: TransferTask): UploadResult | string {
  if (task.kind === 'upload') return readUpload(task);
  return calendarComponents(task);
}

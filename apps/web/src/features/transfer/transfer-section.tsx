import { Card } from '../../components/card';
import { CalendarFeed } from './calendar-feed';
import { ExportButtons } from './export-buttons';
import { ImportForm } from './import-form';

/**
 * Settings' "Your data", the transfer feature: take everything out (export), bring it in
 * (import), subscribe to the calendar (the feed).
 */
export function TransferSection() {
  return (
    <Card title="Your data" className="transfer">
      <p>Take your notes, tasks and events anywhere, or bring them in from another app.</p>
      <section className="data-part" aria-labelledby="data-export-title">
        <h3 id="data-export-title">Export</h3>
        <ExportButtons />
      </section>
      <section className="data-part" aria-labelledby="data-import-title">
        <h3 id="data-import-title">Import</h3>
        <ImportForm />
      </section>
      <section className="data-part" aria-labelledby="data-feed-title">
        <h3 id="data-feed-title">Calendar subscription</h3>
        <CalendarFeed />
      </section>
    </Card>
  );
}

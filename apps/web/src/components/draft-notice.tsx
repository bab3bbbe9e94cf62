import { Undo2 } from 'lucide-react';
import { Button } from './button';

/** Says that the form opened with unsaved text kept from before (lib/drafts.ts). */
export function DraftNotice({ onDiscard }: { onDiscard: () => void }) {
  return (
    <div className="draft-notice">
      <p role="status">Your unsaved draft was restored.</p>
      <Button variant="secondary" icon={<Undo2 size={16} aria-hidden="true" />} onClick={onDiscard}>
        Discard draft
      </Button>
    </div>
  );
}

import { Download, Printer } from 'lucide-react';
import { Button } from '../../components/button';

/** A text file of the codes, downloaded by the browser (a blob URL: nothing leaves the page). */
function download(codes: string[]) {
  const text = `Prodify recovery codes\nEach code works once.\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'prodify-recovery-codes.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Recovery codes just made: shown this once (the server keeps only their hashes). */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="form recovery-print">
      <h3 id="recovery-title">Your recovery codes</h3>
      <p>
        Save these codes somewhere safe. Each works once, when you cannot use your authenticator
        app. They will not be shown again.
      </p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-factor-actions">
        <Button
          variant="secondary"
          icon={<Download size={16} aria-hidden="true" />}
          onClick={() => download(codes)}
        >
          Download
        </Button>
        <Button
          variant="secondary"
          icon={<Printer size={16} aria-hidden="true" />}
          onClick={() => window.print()}
        >
          Print
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

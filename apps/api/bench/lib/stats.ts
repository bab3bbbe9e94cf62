/** Small helpers for the figures the benches print. */

/** The p-th percentile (0-100) of values, nearest-rank; NaN when there are none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

/** Milliseconds with a sensible number of digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return '-';
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 100) return `${value.toFixed(1)} ms`;
  return `${Math.round(value)} ms`;
}

/** Prints rows as a left/right aligned text table (numbers right-aligned). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i === 0 ? cell.padEnd(widths[i] as number) : cell.padStart(widths[i] as number),
      )
      .join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export const sleep = (msToWait: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, msToWait));

/** The machine's 1-minute load average and core count, for the record. */
export async function machineLoad(): Promise<string> {
  const os = await import('node:os');
  const [one, five] = os.loadavg();
  return `load average ${one?.toFixed(2)} (1 min), ${five?.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
}

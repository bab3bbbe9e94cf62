/** `--name=value` and `--flag` command-line options of the bench scripts. */
export function parseArgs(argv: string[] = process.argv.slice(2)) {
  const values = new Map<string, string>();
  for (const arg of argv) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`unknown argument ${arg} (options look like --name=value)`);
    values.set(m[1] as string, m[2] ?? 'true');
  }
  return {
    has: (name: string) => values.has(name),
    string: (name: string, fallback: string) => values.get(name) ?? fallback,
    number: (name: string, fallback: number) => {
      const raw = values.get(name);
      if (raw === undefined) return fallback;
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new Error(`--${name} must be a number, got ${raw}`);
      return n;
    },
  };
}

export type Backend = 'postgres' | 'pglite';

/** `--backend=postgres|pglite|both` (default both). */
export function backendsFrom(raw: string): Backend[] {
  if (raw === 'both') return ['postgres', 'pglite'];
  if (raw === 'postgres' || raw === 'pglite') return [raw];
  throw new Error(`--backend must be postgres, pglite or both, got ${raw}`);
}

import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms; undefined off Linux. */
export function cpuTimeMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields we want follow its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

/** Measures the CPU a process spends while `work` runs. */
export async function cpuDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<[T, number | undefined]> {
  const before = cpuTimeMs(pid);
  const result = await work();
  const after = cpuTimeMs(pid);
  return [result, before !== undefined && after !== undefined ? after - before : undefined];
}

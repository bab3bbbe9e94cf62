import { call, clientAddress, type HttpAnswer, pool } from './http';
import { sleep } from './stats';

export const PASSWORD = 'Bench!Pass-2026';

export interface JourneyResult {
  users: number;
  requests: number;
  errors: number;
  /**
   * Reads of the old name right after a rename through another instance (its auth cache): with
   * cross-instance invalidation, asked again for up to 1 s before it is an error.
   */
  stale: number;
  /**
   * 503 answers with Retry-After (the overload guard: refused before any work, so safe to send
   * again), retried after the wait they asked for; a request refused 3 times is an error.
   */
  busy: number;
  /** The first few unexpected answers, for the log. */
  samples: string[];
  seconds: number;
}

/**
 * One user's visit through the proxy, from their own address: register, sign in, write and read
 * notes, to-dos and events, then change their name in Settings and go on with the fresh token.
 * Consecutive requests land on different instances (round robin), so every read also checks that
 * a write made through one instance is seen through the other.
 */
async function visit(base: string, username: string, address: string, strict: boolean) {
  let requests = 0;
  let stale = 0;
  let busy = 0;
  const problems: string[] = [];
  let token: string | undefined;
  const step = async <T>(
    method: string,
    path: string,
    expected: number,
    body?: unknown,
    check?: (answer: T) => boolean,
  ): Promise<T | undefined> => {
    requests += 1;
    let answer: HttpAnswer<T> = await call<T>(base, method, path, {
      body,
      token,
      localAddress: address,
    });
    for (let retry = 0; retry < 3 && answer.status === 503 && answer.retryAfter; retry++) {
      busy += 1;
      await sleep(Math.min(answer.retryAfter, 2) * 1000);
      answer = await call<T>(base, method, path, { body, token, localAddress: address });
    }
    if (answer.status !== expected || (check && !check(answer.body))) {
      const what = answer.error ?? JSON.stringify(answer.body)?.slice(0, 120);
      problems.push(`${method} ${path}: ${answer.status} ${what}`);
      return undefined;
    }
    return answer.body;
  };

  const credentials = { username, password: PASSWORD };
  if (!(await step('POST', '/api/user/register/', 201, credentials)))
    return { requests, problems, stale, busy };
  const tokens = await step<{ access: string }>('POST', '/api/token/', 200, credentials);
  if (!tokens) return { requests, problems, stale, busy };
  token = tokens.access;

  const note = await step<{ id: number }>('POST', '/api/notes/', 201, {
    title: `Plans of ${username}`,
    content: 'Call the plumber, book the train, and write the quarterly summary.',
  });
  if (note) {
    await step<Array<{ id: number }>>('GET', '/api/notes/', 200, undefined, (list) =>
      list.some((n) => n.id === note.id),
    );
    await step('PATCH', `/api/notes/${note.id}/`, 200, { title: 'Plans (edited)' });
    await step<{ title: string }>('GET', `/api/notes/${note.id}/`, 200, undefined, (n) =>
      n.title.endsWith('(edited)'),
    );
  }
  const todo = await step<{ id: number }>('POST', '/api/todos/', 201, {
    task: 'Renew the passport',
    due_date: '2026-12-15',
    priority: 'H',
  });
  if (todo) {
    await step('PATCH', `/api/todos/${todo.id}/`, 200, { completed: true });
    await step<Array<{ id: number; completed: boolean }>>(
      'GET',
      '/api/todos/',
      200,
      undefined,
      (l) => l.some((t) => t.id === todo.id && t.completed),
    );
  }
  const event = await step<{ id: number }>('POST', '/api/calendar/events/', 201, {
    title: 'Dentist',
    date: '2026-12-01',
    time: '09:30',
  });
  if (event) {
    await step<Array<{ id: number }>>(
      'GET',
      '/api/calendar/events/?date=2026-12-01',
      200,
      undefined,
      (list) => list.some((e) => e.id === event.id),
    );
  }
  await step<{ username: string }>('GET', '/api/settings/', 200, undefined, (s) => {
    return s.username === username;
  });
  const renamed = `${username}r`;
  const updated = await step<{ access: string }>('PATCH', '/api/settings/', 200, {
    username: renamed,
    current_password: PASSWORD,
  });
  if (updated) {
    token = updated.access;
    // Another instance learns of the rename through LISTEN/NOTIFY within a second (ADR 0417):
    // a stale answer is asked again for up to 1 s, and is an error only after that.
    const since = performance.now();
    for (;;) {
      const me = await step<{ username: string }>('GET', '/api/user/', 200);
      if (!me || me.username === renamed) break;
      if (me.username !== username || (strict && performance.now() - since > 1_000)) {
        problems.push(`GET /api/user/: still ${me.username} after renaming to ${renamed}`);
        break;
      }
      if (!strict) {
        stale += 1;
        break;
      }
      stale += 1;
      await sleep(100);
    }
  }
  return { requests, problems, stale, busy };
}

/**
 * `users` visits through `base`, `concurrency` at a time, each user from its own address.
 * `strict`: a read of the old name after a rename is an error (instances invalidate each other's
 * auth caches at once), else it is counted as `stale`.
 */
export async function journey(
  base: string,
  runId: string,
  users: number,
  concurrency: number,
  strict: boolean,
): Promise<JourneyResult> {
  const started = performance.now();
  const visits = await pool(
    Array.from({ length: users }, (_, i) => i),
    concurrency,
    (i) => visit(base, `j${runId}u${i}`, clientAddress(i), strict),
  );
  const problems = visits.flatMap((v) => v.problems);
  return {
    users,
    requests: visits.reduce((sum, v) => sum + v.requests, 0),
    errors: problems.length,
    stale: visits.reduce((sum, v) => sum + v.stale, 0),
    busy: visits.reduce((sum, v) => sum + v.busy, 0),
    samples: problems.slice(0, 5),
    seconds: (performance.now() - started) / 1000,
  };
}

/**
 * Another app that uses Prodify's typed client. It knows the API only through the packed
 * @prodify/contract: it signs up, signs in, writes a note and lists the notes. The type checks
 * here are part of the test: run.mjs compiles this file with tsc before it runs it.
 */
import { type ApiClient, createApiClient, type Note } from '@prodify/contract';

/** True only when A and B are the same type (`any` is not `string`). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const sameType = <T extends true>(): T | undefined => undefined;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`consumer: ${message}`);
}

const answer = (res: { status: number; body: unknown }) =>
  `${res.status} ${JSON.stringify(res.body)}`;

const baseUrl = process.argv[2];
check(baseUrl, 'usage: node out/main.js <API base URL>');

let access: string | undefined;
const api = createApiClient({ baseUrl, token: () => access });

const before = await api.notes.list();
check(before.status === 401, `notes before signing in answered ${before.status}, not 401`);

const username = `consumer_${process.pid}_${Date.now()}`;
const password = 'Another app, 7 words long!';
const registered = await api.auth.register({ body: { username, password } });
check(registered.status === 201, `register: ${answer(registered)}`);

const signedIn = await api.auth.login({ body: { username, password } });
check(signedIn.status === 200, `sign-in: ${answer(signedIn)}`);
sameType<Equal<typeof signedIn.body.access, string>>();
access = signedIn.body.access;

const title = 'Written by another app';
const created = await api.notes.create({ body: { title, content: 'Through the typed client.' } });
check(created.status === 201, `create: ${answer(created)}`);

const listed = await api.notes.list();
check(listed.status === 200, `list: ${answer(listed)}`);
check(Array.isArray(listed.body), 'without ?page= the notes come as a plain array');
const notes = listed.body;
sameType<Equal<typeof notes, Note[]>>();
const first = notes[0];
check(first, 'the new note is listed');
sameType<Equal<typeof first.title, string>>();
sameType<Equal<typeof first.summary, string | null>>();
check(notes.length === 1, `${notes.length} notes listed, not 1`);
check(first.title === title && first.id === created.body.id, 'the listed note is the new one');

const page = await api.notes.list({ query: { page: 1, page_size: 5 } });
check(page.status === 200, `page: ${answer(page)}`);
check(!Array.isArray(page.body), 'with ?page= the notes come as a page');
sameType<Equal<typeof page.body.count, number>>();
check(page.body.count === 1 && page.body.results[0]?.id === first.id, 'the page holds the note');

console.log(
  `consumer: signed up and in as ${username}, wrote a note, listed ${notes.length} and a page of ${page.body.count}`,
);

/** Mistakes the other app's compiler must refuse. Never called: only compiled. */
export function mistakes(client: ApiClient, note: Note): void {
  // @ts-expect-error: a note has no `body` field
  void note.body;
  // @ts-expect-error: a note needs a title
  void client.notes.create({ body: { content: 'no title' } });
  // @ts-expect-error: `ordering` takes the contract's values only
  void client.notes.list({ query: { ordering: 'title' } });
  // @ts-expect-error: the notes list never answers 418
  void client.notes.list().then((res) => res.status === 418);
}

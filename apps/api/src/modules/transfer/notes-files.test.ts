import { TRANSFER_LIMITS } from '@prodify/contract';
import { strToU8, unzipSync, Zip, ZipDeflate, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type TestUser, useTestApp } from '../../../test/support/app';

const ctx = useTestApp();

async function createNote(user: TestUser, title: string, content: string) {
  const res = await ctx.request('POST', '/api/notes/', {
    body: { title, content },
    headers: user.auth,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; created_at: string };
}

const upload = (user: TestUser, payload: Buffer | string, type: string, query = '') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/import/${query}`,
    payload,
    headers: { ...user.auth, 'content-type': type },
  });

const notesOf = async (user: TestUser) =>
  (await ctx.request('GET', '/api/notes/', { headers: user.auth })).json() as Array<{
    title: string;
    content: string;
    summary: string | null;
    created_at: string;
  }>;

const zip = (files: Record<string, string>) =>
  Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)]))));

describe('GET /api/export/notes.zip', () => {
  it('gives one Markdown file per note with front matter and safe names, only the caller’s', async () => {
    const alice = await ctx.signUp('alice');
    const bob = await ctx.signUp('bob');
    const first = await createNote(alice, '../../etc/passwd: Ärger & "quotes"', '# Body\n\ntext');
    const second = await createNote(alice, '日本語', 'second body');
    await ctx.db.handle.db
      .updateTable('notes')
      .set({ summary: 'short: summary' })
      .where('id', '=', first.id)
      .execute();
    await createNote(bob, 'bob secret', 'bob body');
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/notes.zip',
      headers: alice.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="prodify-export-[\d-]+-notes\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      `etc-passwd-arger-quotes-${first.id}.md`,
      `note-${second.id}.md`,
    ]);
    const text = new TextDecoder().decode(files[`etc-passwd-arger-quotes-${first.id}.md`]);
    const [, front, body] = /^---\n([\s\S]*?)---\n\n([\s\S]*)$/.exec(text) ?? [];
    expect(parse(front as string)).toEqual({
      title: '../../etc/passwd: Ärger & "quotes"',
      id: first.id,
      created_at: first.created_at,
      summary: 'short: summary',
    });
    expect(body).toBe('# Body\n\ntext\n');
    expect(new TextDecoder().decode(files[`note-${second.id}.md`])).not.toContain('summary');
  });
});

describe('POST /api/import/ (Markdown)', () => {
  it('round-trips the notes zip into a fresh account, and skips it the second time', async () => {
    const alice = await ctx.signUp('alice');
    await createNote(alice, 'One', 'first text');
    const two = await createNote(alice, 'Two', 'second text');
    await ctx.db.handle.db
      .updateTable('notes')
      .set({ summary: 'sum' })
      .where('id', '=', two.id)
      .execute();
    const exported = await ctx.app.inject({
      method: 'GET',
      url: '/api/export/notes.zip',
      headers: alice.auth,
    });
    const carol = await ctx.signUp('carol');
    const res = await upload(carol, exported.rawPayload, 'application/zip');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ created: { notes: 2 }, skipped: { notes: 0, other: 0 } });
    const strip = (list: Awaited<ReturnType<typeof notesOf>>) =>
      list.map(({ title, content, summary, created_at }) => ({
        title,
        content,
        summary,
        created_at,
      }));
    expect(strip(await notesOf(carol))).toEqual(strip(await notesOf(alice)));
    const again = await upload(carol, exported.rawPayload, 'application/zip');
    expect(again.json()).toMatchObject({ created: { notes: 0 }, skipped: { notes: 2 } });
    // Into the account it came from: the notes are already there.
    const home = await upload(alice, exported.rawPayload, 'application/zip');
    expect(home.json()).toMatchObject({ created: { notes: 0 }, skipped: { notes: 2 } });
  });

  it('takes titles from front matter, else the first heading, else the file name', async () => {
    const alice = await ctx.signUp('alice');
    const res = await upload(
      alice,
      zip({
        'vault/front.md': '---\ntitle: From front\ntags: [a]\n---\n# Heading\nbody',
        'vault/heading.md': 'intro\n# From heading\nbody',
        'vault/From name.md': 'just text',
        'vault/empty.md': '---\ntitle: x\n---\n',
        'vault/picture.png': 'PNG',
        'vault/.obsidian/app.md': 'tool file',
      }),
      'application/zip',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().created.notes).toBe(3);
    expect(res.json().skipped.other).toBe(3);
    expect(res.json().reasons).toEqual(
      expect.arrayContaining([
        { item: 'vault/empty.md', reason: 'the file has no content' },
        { item: 'vault/picture.png', reason: 'not a Markdown file' },
      ]),
    );
    const titles = (await notesOf(alice)).map((n) => n.title).sort();
    expect(titles).toEqual(['From front', 'From heading', 'From name']);
  });

  it('takes one text/markdown file, titled by its heading or the given file name', async () => {
    const alice = await ctx.signUp('alice');
    const one = await upload(alice, '# Shopping\n\n- milk', 'text/markdown; charset=utf-8');
    expect(one.statusCode, one.body).toBe(201);
    const two = await upload(alice, 'no heading here', 'text/markdown', '?filename=Ideas.md');
    expect(two.json().created.notes).toBe(1);
    expect((await notesOf(alice)).map((n) => n.title)).toEqual(['Shopping', 'Ideas']);
  });

  it('refuses hostile zips with a 400 and imports nothing', async () => {
    const alice = await ctx.signUp('alice');
    const many: Record<string, string> = {};
    for (let i = 0; i <= TRANSFER_LIMITS.zipEntries; i++) many[`n${i}.md`] = 'x';
    const bomb = await zipBomb(TRANSFER_LIMITS.zipInflatedBytes + 1024 * 1024);
    const cases: Array<[string, Buffer, RegExp]> = [
      ['traversal', zip({ 'ok.md': 'fine', '../evil.md': 'escape' }), /Unsafe file name/],
      ['absolute', zip({ 'ok.md': 'fine', '/etc/evil.md': 'escape' }), /Unsafe file name/],
      ['backslash', zip({ 'ok.md': 'fine', '..\\evil.md': 'escape' }), /Unsafe file name/],
      ['many files', zip(many), /more than 5000 files/],
      ['bomb', bomb, /inflates to more than/],
      ['not a zip', Buffer.from('hello'), /not a zip/],
    ];
    for (const [name, payload, message] of cases) {
      const res = await upload(alice, payload, 'application/zip');
      expect(res.statusCode, name).toBe(400);
      expect(res.json().non_field_errors[0], name).toMatch(message);
    }
    expect(await notesOf(alice)).toEqual([]);
  }, 60_000);

  it('answers 415 to a file type it does not take, and other routes keep refusing files', async () => {
    const alice = await ctx.signUp('alice');
    expect((await upload(alice, 'x', 'application/pdf')).statusCode).toBe(415);
    expect((await upload(alice, 'BEGIN:VCALENDAR', 'text/calendar')).statusCode).toBe(415);
    const other = await ctx.app.inject({
      method: 'POST',
      url: '/api/notes/',
      payload: zip({ 'a.md': 'x' }),
      headers: { ...alice.auth, 'content-type': 'application/zip' },
    });
    expect(other.statusCode).toBe(415);
  });
});

/** A zip of one Markdown file of zeros that inflates to `bytes`, written in pieces. */
function zipBomb(bytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Uint8Array[] = [];
    const archive = new Zip((error, chunk, final) => {
      if (error) return reject(error);
      parts.push(chunk);
      if (final) resolve(Buffer.concat(parts));
    });
    const file = new ZipDeflate('bomb.md', { level: 9 });
    archive.add(file);
    const block = new Uint8Array(1024 * 1024).fill(0x30);
    for (let sent = 0; sent < bytes; sent += block.length)
      file.push(block, sent + block.length >= bytes);
    archive.end();
  });
}

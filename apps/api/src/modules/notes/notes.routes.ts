import { contract, type Note } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { NOT_FOUND } from '../../lib/drf';
import { jsonText, pageRequest, paginateJson } from '../../lib/pagination';
import type { Summarizer } from '../../summarizer';
import { userOf } from '../auth/auth.plugin';
import { runSummary } from '../summarize/run-summary';
import {
  deleteNote,
  findNote,
  insertNote,
  listNotesJson,
  pageNotesJson,
  saveNoteSummary,
  updateNote,
} from './notes.queries';

const s = initServer();

export function notesRoutes(app: FastifyInstance, summarizer: Summarizer) {
  return s.router(contract.notes, {
    list: async ({ query, request, reply }) => {
      const user = userOf(request);
      const page = pageRequest(query);
      const key = `notes ${query.ordering ?? ''}`;
      if (!page) {
        const { body } = await app.listCache.list(app.db, user.id, key, () =>
          listNotesJson(app.db, user.id, query.ordering),
        );
        return { status: 200, body: jsonText<Note[]>(reply, body) };
      }
      return paginateJson<Note>(request, reply, page, (limit, offset) =>
        app.listCache.page(app.db, user.id, key, limit, offset, () =>
          pageNotesJson(app.db, user.id, query.ordering, limit, offset),
        ),
      );
    },

    create: async ({ body, request }) => {
      const note = await insertNote(app.db, userOf(request).id, body);
      return { status: 201, body: note };
    },

    get: async ({ params, request }) => {
      const note = await findNote(app.db, userOf(request).id, params.id);
      if (!note) return { status: 404, body: NOT_FOUND };
      const { updated_at: _, ...body } = note;
      return { status: 200, body };
    },

    update: async ({ params, body, request }) => {
      const note = await updateNote(app.db, userOf(request).id, params.id, body);
      if (!note) return { status: 404, body: NOT_FOUND };
      return { status: 200, body: note };
    },

    remove: async ({ params, request }) => {
      const deleted = await deleteNote(app.db, userOf(request).id, params.id);
      if (!deleted) return { status: 404, body: NOT_FOUND };
      return { status: 204, body: undefined };
    },

    summarize: async ({ params, request, reply }) => {
      const user = userOf(request);
      const note = await findNote(app.db, user.id, params.id);
      if (!note) return { status: 404, body: NOT_FOUND };
      const outcome = await runSummary(
        summarizer,
        note.content,
        request,
        reply,
        app.shutdownSignal,
      );
      if (outcome.status === 200) {
        const saved = await saveNoteSummary(
          app.db,
          user.id,
          note.id,
          outcome.body.summary,
          note.updated_at,
        );
        if (!saved)
          request.log.info({ note: note.id }, 'note changed while summarizing: not saved');
      }
      return outcome;
    },
  });
}

import { contract } from '@prodify/contract';
import { initServer } from '@ts-rest/fastify';
import type { FastifyInstance } from 'fastify';
import { pagedListAnswer } from '../../db/lists/list-answer';
import { NOTE_ROW } from '../../db/tables';
import { found, NOT_FOUND } from '../../lib/drf';
import type { Summarizer } from '../../summarizer';
import { userOf } from '../auth/auth.plugin';
import { ownedHandlers } from '../owned-handlers';
import { runSummary } from '../summarize/run-summary';
import { findNoteForSummary, NOTE_LIST, saveNoteSummary, updateNote } from './notes.queries';

const s = initServer();

export function notesRoutes(app: FastifyInstance, summarizer: Summarizer) {
  return s.router(contract.notes, {
    ...ownedHandlers(app, NOTE_ROW),
    list: ({ query, request, reply }) =>
      pagedListAnswer(app, userOf(request).id, request, reply, NOTE_LIST, query),
    update: async ({ params, body, request }) =>
      found(await updateNote(app.db, userOf(request).id, params.id, body)),

    summarize: async ({ params, request, reply }) => {
      const user = userOf(request);
      const note = await findNoteForSummary(app.db, user.id, params.id);
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

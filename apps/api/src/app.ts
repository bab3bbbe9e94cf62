import { randomUUID } from 'node:crypto';
import { contract, zodToFieldErrors } from '@prodify/contract';
import { initServer, type RequestValidationError } from '@ts-rest/fastify';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { DatabaseHandle } from './db/connect';
import { DiskSpaceWatch, toMb } from './db/disk-space';
import type { Config } from './env';
import { NOT_FOUND } from './lib/drf';
import { flattenRoutes, RouteTable } from './lib/route-table';
import { type LoggerOption, serverLogger } from './logger';
import { authPlugin } from './modules/auth/auth.plugin';
import { authRoutes } from './modules/auth/auth.routes';
import { appPasswordsRoutes } from './modules/dav/app-passwords.routes';
import { davRoutes } from './modules/dav/dav.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { idempotencyPlugin } from './modules/idempotency/idempotency.plugin';
import { notesRoutes } from './modules/notes/notes.routes';
import { passkeysRoutes } from './modules/passkeys/passkeys.routes';
import { preferencesRoutes } from './modules/preferences/preferences.routes';
import { sessionsRoutes } from './modules/sessions/sessions.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { summarizeRoutes } from './modules/summarize/summarize.routes';
import { todosRoutes } from './modules/todos/todos.routes';
import { transferRoutes } from './modules/transfer/transfer.routes';
import { transferPlugin } from './modules/transfer/transfer-pool';
import { scheduleTrashPurge, trashRoutes } from './modules/trash/trash.routes';
import { SecondFactor } from './modules/two-factor/second-factor';
import { twoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { dbPlugin } from './plugins/db';
import { errorReply, errorsPlugin } from './plugins/errors';
import { fileBodyPlugin } from './plugins/file-body';
import { healthPlugin } from './plugins/health';
import { BODY_LIMIT, jsonBodyPlugin } from './plugins/json-body';
import { openApiPlugin } from './plugins/openapi';
import { overloadPlugin } from './plugins/overload';
import { rateLimitPlugin } from './plugins/rate-limit';
import { responseCheckPlugin } from './plugins/response-check';
import { STATIC_SECURITY_HEADERS, securityPlugin } from './plugins/security';
import { findWebBuild, staticPlugin, webPageFallback } from './plugins/static';
import { createSummarizer, type Summarizer } from './summarizer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Aborted a little after shutdown begins, to stop summaries that would outlive it. */
    shutdownSignal: AbortSignal;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An already open database (tests); otherwise opened from the config and closed on close. */
  db?: DatabaseHandle;
  /** The summary engine; by default chosen from the config (summarizer/index.ts). */
  summarizer?: Summarizer;
  /**
   * The free-space watch of the embedded database's disk; by default DATA_DIR's when the app
   * opens the embedded database itself.
   */
  disk?: DiskSpaceWatch;
  /** The transfer worker's file (tests: a bundle of its source); by default found beside the app. */
  transferWorker?: string;
  /** Fastify logger options, or an existing pino logger; false for none (logger.ts by default). */
  logger?: LoggerOption;
}

/** How long in-flight summaries may still run once shutdown has begun. */
const SUMMARY_GRACE_MS = 8_000;

const REQUEST_ID = /^[\w.:@-]{1,128}$/;

/** Answers ts-rest's validation failures as DRF does: 400 field errors, 404 for a bad id. */
function validationErrorHandler(
  error: RequestValidationError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.pathParams) return reply.code(404).send(NOT_FOUND);
  const fieldErrors = {
    ...(error.query ? zodToFieldErrors(error.query) : {}),
    ...(error.body ? zodToFieldErrors(error.body) : {}),
  };
  return reply.code(400).send(fieldErrors);
}

/** The embedded database's disk, when the app opens it itself from DATA_DIR (ADR 0406). */
function diskWatch(config: Config, app: FastifyInstance, given?: DatabaseHandle) {
  if (given || config.databaseUrl || config.minFreeDiskBytes === 0) return undefined;
  return new DiskSpaceWatch({
    dir: config.pgliteDir,
    minFreeBytes: config.minFreeDiskBytes,
    onChange: (low, freeBytes) => {
      const fields = { dir: config.pgliteDir, freeMb: toMb(freeBytes) };
      if (low) app.log.error(fields, 'disk nearly full (MIN_FREE_DISK_MB): refusing writes');
      else app.log.info(fields, 'disk has room again: accepting writes');
    },
  });
}

/**
 * Fastify's `trustProxy`. A hop count becomes proxy-addr's trust function (the first `hops`
 * addresses of the chain, nearest first, are proxies): Fastify 5 itself trusts no hop at all
 * for a bare number, so `TRUST_PROXY=1` behind one HAProxy saw every client as the proxy (ADR 0407).
 */
export function trustProxyOption(value: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof value === 'number') return (_address: string, hop: number) => hop < value;
  return value;
}

/** Builds the whole app without listening; tests call `inject`, server.ts calls `listen`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const serverOptions: FastifyServerOptions = {
    ...serverLogger(config, options.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 200 },
    // A client-supplied request id is kept when it is sane, so logs can be followed across hops.
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // No request may hang for ever; a summary by Ollama is the slowest legitimate request.
    requestTimeout: Math.max(60_000, config.summarizer.ollamaTimeoutMs * 2 + 10_000),
    // The overload plugin answers requests that arrive while closing with a DRF-shaped 503.
    return503OnClosing: false,
    // Errors the router raises before any route runs (a malformed %-escape in the path, an
    // over-long id) get the same DRF-shaped answers and headers as every other error (no hook
    // runs for them, helmet's included).
    frameworkErrors: (error, request, reply) => {
      reply.headers({ ...STATIC_SECURITY_HEADERS, 'x-request-id': request.id });
      return errorReply(error, request, reply);
    },
    // Creating the embedded database on first start can take a while on a slow machine.
    pluginTimeout: 120_000,
  };
  const app = Fastify(serverOptions);

  const summarizer = options.summarizer ?? createSummarizer(config.summarizer, app.log);
  const shutdown = new AbortController();
  app.decorate('shutdownSignal', shutdown.signal);
  app.addHook('preClose', async () => {
    setTimeout(() => shutdown.abort(new Error('server shutting down')), SUMMARY_GRACE_MS).unref();
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });

  const routes = new RouteTable(flattenRoutes(contract));
  const web = findWebBuild(config.webDistDir);
  await app.register(errorsPlugin, { routes, pageFallback: web && webPageFallback(web) });
  await app.register(jsonBodyPlugin, { rawPaths: [contract.transfer.import.path] });
  await app.register(fileBodyPlugin, {
    paths: [contract.transfer.import.path, contract.transfer.calendarImport.path],
  });
  await app.register(securityPlugin, { corsOrigins: config.corsOrigins });
  // Before every other hook, so that refusing a request costs little (ADR 0400).
  await app.register(overloadPlugin, config.overload);
  await app.register(dbPlugin, { config, handle: options.db });
  await app.register(rateLimitPlugin, { redis: config.redis });
  await app.register(authPlugin, { config });
  app.decorate('secondFactor', new SecondFactor(app, config));
  await app.register(idempotencyPlugin);
  await app.register(healthPlugin, {
    summarizer,
    disk: options.disk ?? diskWatch(config, app, options.db),
  });
  await app.register(transferPlugin, { workerFile: options.transferWorker });
  await app.register(openApiPlugin);
  if (config.env !== 'production') await app.register(responseCheckPlugin);

  // The contract's routes, in a child context: ts-rest installs its own error handler there,
  // which answers validation errors and hands every other error up to the root handler.
  await app.register(async (api) => {
    const s = initServer();
    const router = s.router(contract, {
      auth: authRoutes(app, config),
      notes: notesRoutes(app, summarizer),
      summarize: summarizeRoutes(app, summarizer),
      todos: todosRoutes(app),
      events: eventsRoutes(app),
      settings: settingsRoutes(app, config),
      preferences: preferencesRoutes(app),
      sessions: sessionsRoutes(app, config),
      twoFactor: twoFactorRoutes(app, config),
      passkeys: passkeysRoutes(app, config),
      trash: trashRoutes(app),
      transfer: transferRoutes(app),
      appPasswords: appPasswordsRoutes(app),
    });
    s.registerRouter(contract, router, api, {
      logInitialization: false,
      // Answers are checked outside production by plugins/response-check.ts instead.
      responseValidation: false,
      requestValidationErrorHandler: validationErrorHandler,
    });
  });

  // CalDAV, with its own body types and Basic sign-in (ADR 0441).
  await davRoutes(app, config);

  scheduleTrashPurge(app);

  if (web) await app.register(staticPlugin, { build: web });
  else app.log.warn({ root: config.webDistDir }, 'web app not built: only the API is served');
  return app;
}

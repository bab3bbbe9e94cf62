import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readOrCreateSecret } from './lib/secret-file';
import {
  DEFAULT_OLLAMA_MODEL,
  DEFAULT_OLLAMA_TIMEOUT_MS,
  type SummarizerConfig,
} from './summarizer/types';

/** The secret length below which production refuses to start (HS256 wants ≥ 256 bits). */
export const MIN_SECRET_LENGTH = 32;

/** OWASP's minimum argon2id profile (m=19 MiB, t=2, p=1). Tests may go lower, production never. */
export const ARGON2_DEFAULTS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` also takes. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const TRUST_PROXY_TRUE_MESSAGE =
  "true would take any client's word for its IP (X-Forwarded-For), which lets it dodge the rate limits: set the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)";

/**
 * `TRUST_PROXY`: false, a hop count, or a comma list of proxy addresses/CIDRs (Fastify's forms).
 * `true` (trust whatever X-Forwarded-For says) is refused: see TRUST_PROXY_TRUE_MESSAGE.
 */
const TrustProxySchema = z
  .string()
  .default('false')
  .transform((raw, ctx): false | number | string[] => {
    const value = raw.trim().toLowerCase();
    if (value === 'false' || value === '' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: TRUST_PROXY_TRUE_MESSAGE });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) return Number(value);
    const list = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = list.find((entry) => !isAddressOrRange(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        message: `"${bad}" is neither a hop count nor an IP address or CIDR range`,
      });
      return z.NEVER;
    }
    return list;
  });

const OriginListSchema = z
  .string()
  .default('')
  .transform((raw) =>
    raw
      .split(',')
      .map((s) => s.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .refine(
    (list) => list.every((o) => /^https?:\/\/[^/\s]+$/.test(o)),
    'CORS_ORIGINS must be a comma list of origins such as http://localhost:5173',
  );

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  JWT_SECRET: z.string().optional(),
  ENCRYPTION_KEY: z.string().min(MIN_SECRET_LENGTH).optional(),
  PUBLIC_URL: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'PUBLIC_URL must start with http:// or https://')
    .refine(
      (url) => isIP(new URL(url).hostname.replace(/^\[|\]$/g, '')) === 0,
      'PUBLIC_URL must name a host, not an IP address (WebAuthn refuses IP addresses)',
    )
    .optional(),
  ACCESS_TOKEN_LIFETIME: positiveInt(1800),
  REFRESH_TOKEN_LIFETIME: positiveInt(86_400),
  CORS_ORIGINS: OriginListSchema,
  TRUST_PROXY: TrustProxySchema,
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: positiveInt(60),
  LOGIN_FAILURES_PER_MINUTE: positiveInt(10),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  REDIS_KEY_PREFIX: z.string().min(1).default('prodify:limits:'),
  OLLAMA_HOST: z.string().url().optional(),
  OLLAMA_MODEL: z.string().min(1).default(DEFAULT_OLLAMA_MODEL),
  OLLAMA_TIMEOUT_MS: positiveInt(DEFAULT_OLLAMA_TIMEOUT_MS),
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  LIST_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
  MAX_IN_FLIGHT_REQUESTS: z.coerce.number().int().min(0).default(256),
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(250),
  MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(64),
});
export type Env = z.infer<typeof EnvSchema>;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Unset: the embedded PGlite database in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  jwtSecret: string;
  /**
   * What secrets at rest (authenticator secrets, recovery-code hashes) are keyed with:
   * `ENCRYPTION_KEY`, else the JWT secret (ADR 0430). Changing it makes them unreadable.
   */
  encryptionKey: string;
  /**
   * Where users reach the app (`PUBLIC_URL`, default `http://localhost:<PORT>`): the passkeys'
   * relying party is its host name and their origin its origin, never the request's Host (ADR 0431).
   */
  publicUrl: { origin: string; hostname: string };
  accessTokenLifetime: number;
  refreshTokenLifetime: number;
  corsOrigins: string[];
  /** false, a hop count, or the proxies' addresses/CIDRs; never `true` (ADR 0407). */
  trustProxy: false | number | string[];
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string;
  /** Per-IP requests a minute on register and sign-in; check-username gets twice as many. */
  rateLimitPerMinute: number;
  /** Failed sign-ins a minute per username + IP before /api/token/ answers 429. */
  loginFailuresPerMinute: number;
  /**
   * Where the rate-limit and sign-in-lock counters live: Redis at `url`, shared by every instance,
   * under keys starting with `keyPrefix`; unset, each process counts for itself (ADR 0418).
   */
  redis: { url: string | undefined; keyPrefix: string };
  argon2: Argon2Params;
  summarizer: SummarizerConfig;
  /**
   * How long a request's user (and token version) may be taken from memory; 0 = always read.
   * Changes made through this process take effect at once; other processes see them this late.
   */
  authCacheTtlMs: number;
  /**
   * On Postgres, listen for revocations from other instances (LISTEN/NOTIFY, ADR 0417). Always
   * on in production; tests turn it off to show what happens without it.
   */
  revocationListener: boolean;
  /** Memory for cached list answers (db/list-cache.ts), in bytes of JSON text; 0 turns it off. */
  listCacheBytes: number;
  /** Overload protection (plugins/overload.ts): 0 turns a limit off. */
  overload: { maxInFlight: number; maxEventLoopDelayMs: number };
  /** Embedded database only: below this much free disk, writes get 503 and a start fails. */
  minFreeDiskBytes: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** `apps/web/dist`, found from this file: the same depth from `src/` and from `dist/`. */
function defaultWebDist(): string {
  return path.resolve(fileURLToPath(new URL('../../web/dist', import.meta.url)));
}

/**
 * The JWT secret kept in `$DATA_DIR/jwt-secret`, created (mode 0600) on first start
 * (lib/secret-file.ts). Only for the embedded mode and development; production with
 * DATABASE_URL must be given one.
 */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  let secret: string;
  try {
    secret = readOrCreateSecret(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    throw new ConfigError(
      `no space left on the disk of ${dataDir} to write ${file}: free some space`,
    );
  }
  if (secret.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(`${file} holds a secret shorter than ${MIN_SECRET_LENGTH} characters`);
  }
  return secret;
}

function resolveSecret(env: Env, dataDir: string): string {
  const given = env.JWT_SECRET?.trim();
  const production = env.NODE_ENV === 'production';
  if (given) {
    if (production && given.length < MIN_SECRET_LENGTH) {
      throw new ConfigError(
        `JWT_SECRET is too weak: use at least ${MIN_SECRET_LENGTH} random characters in production`,
      );
    }
    return given;
  }
  if (production && env.DATABASE_URL) {
    throw new ConfigError(
      'JWT_SECRET is required in production with DATABASE_URL (several servers must share it)',
    );
  }
  return loadOrCreateSecret(dataDir);
}

function publicUrlOf(url: string): Config['publicUrl'] {
  const parsed = new URL(url);
  return { origin: parsed.origin, hostname: parsed.hostname };
}

/** Drops empty values, so that `FOO=` in a .env file means "use the default". */
function withoutEmpty(source: Record<string, string | undefined>) {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

/**
 * Parses the environment once. Nothing else in the API reads `process.env`: server.ts calls this
 * and passes the result down; tests call it with their own values.
 */
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  const parsed = EnvSchema.safeParse(withoutEmpty(source));
  if (!parsed.success) {
    // One line, as every start failure: it is what a process manager's log shows.
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid environment: ${issues.join('; ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(cwd, env.DATA_DIR);
  const jwtSecret = resolveSecret(env, dataDir);
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    jwtSecret,
    encryptionKey: env.ENCRYPTION_KEY?.trim() || jwtSecret,
    publicUrl: publicUrlOf(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`),
    accessTokenLifetime: env.ACCESS_TOKEN_LIFETIME,
    refreshTokenLifetime: env.REFRESH_TOKEN_LIFETIME,
    corsOrigins: env.CORS_ORIGINS,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(cwd, env.WEB_DIST_DIR) : defaultWebDist(),
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    loginFailuresPerMinute: env.LOGIN_FAILURES_PER_MINUTE,
    redis: { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX },
    argon2: { ...ARGON2_DEFAULTS },
    authCacheTtlMs: env.AUTH_CACHE_TTL_MS,
    revocationListener: true,
    listCacheBytes: Math.floor(env.LIST_CACHE_MB * 1024 * 1024),
    overload: {
      maxInFlight: env.MAX_IN_FLIGHT_REQUESTS,
      maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    },
    minFreeDiskBytes: env.MIN_FREE_DISK_MB * 1024 * 1024,
    summarizer: {
      ollamaHost: env.OLLAMA_HOST,
      ollamaModel: env.OLLAMA_MODEL,
      ollamaTimeoutMs: env.OLLAMA_TIMEOUT_MS,
    },
  };
}

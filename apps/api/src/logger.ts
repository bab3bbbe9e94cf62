import type { FastifyServerOptions } from 'fastify';
import type { Config } from './env';

/** Fastify logger options, or an existing pino logger; false for none. */
export type LoggerOption = FastifyServerOptions['logger'] | FastifyServerOptions['loggerInstance'];

/** Logs never carry passwords, tokens or the Authorization header. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.refresh',
  '*.access',
  '*.token',
  // Two-factor secrets and codes (ADR 0430).
  '*.otp',
  '*.recovery_code',
  '*.recovery_codes',
  '*.secret',
  '*.otpauth_url',
  '*.qr_svg',
];

/** A calendar feed's URL is its secret (ADR 0415): logs show it without the token. */
const FEED_TOKEN = /(\/api\/calendar\/feed\/)[^/?#]+\.ics/gi;
export const redactUrl = (url: string) => url.replace(FEED_TOKEN, '$1[redacted].ics');

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(config: Config) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      // Fastify's own request fields, with secret URLs redacted.
      // Anything else logged under `req` is left to the redaction paths above.
      req: (req: LoggedRequest): Record<string, unknown> =>
        typeof req?.url !== 'string' || typeof req.method !== 'string'
          ? (req as unknown as Record<string, unknown>)
          : {
              method: req.method,
              url: redactUrl(req.url),
              host: req.host,
              remoteAddress: req.ip,
              remotePort: req.socket?.remotePort,
            },
    },
  };
}

function isLoggerInstance(
  value: unknown,
): value is NonNullable<FastifyServerOptions['loggerInstance']> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { child?: unknown }).child === 'function'
  );
}

/**
 * Fastify's logger settings: the given logger options or pino instance, or by default
 * `loggerOptions(config)` (redacted, at the configured level).
 */
export function serverLogger(
  config: Config,
  given: LoggerOption | undefined,
): Pick<FastifyServerOptions, 'logger' | 'loggerInstance'> {
  const logger = given === undefined ? loggerOptions(config) : given;
  return isLoggerInstance(logger) ? { loggerInstance: logger } : { logger };
}

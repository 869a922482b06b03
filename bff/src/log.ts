// The server's log: one JSON object a line (pino) on stdout, for a log collector to read. LOG_LEVEL
// chooses how much; tests write nothing unless they hand the app a destination to read.
//
// What is logged is chosen by the callers (http/request-log.ts logs no body, no query string, no
// header but User-Agent): never a password, a token, a cookie or a shopper's personal data. Two
// defences behind that: fields with such names are redacted whatever a caller passes (but in the
// request lines, whose fields are fixed: http/request-log.ts), and e-mail
// addresses are masked in messages and errors (an SMTP server's refusal quotes the recipient).
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.ts';

export type Log = Logger;

/** What background work (the mail sender, jobs) logs through: a line, and the error behind it. */
export type LineLog = { info: (line: string) => void; error: (line: string, error?: unknown) => void };

/** Field names whose values never reach the log, at the top level or one level down (pino's redact). */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'secret',
  'cookie',
  'cookies',
  'authorization',
  'email',
  'phone',
  'firstName',
  'lastName',
  'fullName',
  'street',
  'address',
  'variables',
  'body',
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

const EMAIL_ADDRESS = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;

/** The text with every e-mail address replaced by "[email]". */
export function maskPersonalData(text: string): string {
  return text.replace(EMAIL_ADDRESS, '[email]');
}

/** pino's error fields, with addresses masked in the message and the stack. */
function errorSerializer(error: Error) {
  const serialized = pino.stdSerializers.err(error);
  if (typeof serialized.message === 'string') serialized.message = maskPersonalData(serialized.message);
  if (typeof serialized.stack === 'string') serialized.stack = maskPersonalData(serialized.stack);
  return serialized;
}

/**
 * The app's logger. Without a destination it writes to stdout, except in tests (NODE_ENV=test), where
 * it writes nothing; a test that reads the log passes a destination.
 */
export function createLogger(config: Pick<Config, 'env' | 'logLevel'>, destination?: DestinationStream): Log {
  if (config.env === 'test' && !destination) return pino({ enabled: false });
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: errorSerializer },
    hooks: {
      // the message text: addresses masked
      logMethod(args, method) {
        method.apply(this, args.map((arg) => (typeof arg === 'string' ? maskPersonalData(arg) : arg)) as Parameters<typeof method>);
      },
    },
  };
  return pino(options, destination ?? batchedStdout());
}

/**
 * stdout for the log, written without waiting for each line: pino's asynchronous destination (SonicBoom),
 * where a write a line synchronously cost a cached page a tenth of its time. The lines of one turn of the
 * event loop are handed to it as one string (decision 0066): SonicBoom measures the whole text it holds
 * on every write it is given, which under load, a line per request, was an eighth of a cached answer's
 * cost. In order, and what is left is written when the process exits or the log is flushed.
 */
function batchedStdout(): DestinationStream & { flush: (done?: (error?: Error) => void) => void; flushSync: () => void } {
  const stdout = pino.destination({ dest: 1, sync: false });
  let pending = '';
  const handOver = () => {
    if (pending === '') return;
    const text = pending;
    pending = '';
    stdout.write(text);
  };
  const flushSync = () => {
    handOver();
    try {
      stdout.flushSync();
    } catch {
      // stdout already closed: nothing more can be written
    }
  };
  process.once('exit', flushSync);
  return {
    write(line: string) {
      if (pending === '') setImmediate(handOver);
      pending += line;
    },
    flush(done) {
      handOver();
      stdout.flush(done);
    },
    flushSync,
  };
}

/** Log levels a preformatted line is written at. */
export type LineLevel = 'debug' | 'info' | 'error';

/**
 * Lines whose fields the caller has already written as JSON, written to the log's destination as pino
 * writes its own (level label, ISO time, the log's bindings such as pid and hostname, the fields, the
 * message), without pino's work per line: serializers, redaction, hooks and its stringifying
 * (decision 0066). For the request lines (http/request-log.ts) only, whose fields are fixed, none of
 * them a redacted name, and whose message is a constant; everything else goes through pino.
 */
export function preformattedLines(log: Log): { enabled: (level: LineLevel) => boolean; write: (level: LineLevel, fields: string, message: string) => void } {
  const stream = (log as unknown as Record<symbol, DestinationStream | undefined>)[pino.symbols.streamSym];
  const bindings = (log as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym] ?? '';
  // the ISO time of the current millisecond, made once for all the lines written within it
  let timeMs = -1;
  let time = '';
  return {
    enabled: (level) => stream !== undefined && log.isLevelEnabled(level),
    write(level, fields, message) {
      if (stream === undefined || !log.isLevelEnabled(level)) return;
      const now = Date.now();
      if (now !== timeMs) {
        timeMs = now;
        time = new Date(now).toISOString();
      }
      stream.write(`{"level":"${level}","time":"${time}"${bindings}${fields},"msg":${JSON.stringify(message)}}\n`);
    },
  };
}

/** The lines of background work as log entries: the error under `err`. */
export function lineLog(log: Log): LineLog {
  return {
    info: (line) => log.info(line),
    error: (line, error) => (error === undefined ? log.error(line) : log.error({ err: error }, line)),
  };
}

/** Logs nothing (a store or a job created without the app's log, in a script or a test). */
export const silentLog: LineLog = { info: () => undefined, error: () => undefined };

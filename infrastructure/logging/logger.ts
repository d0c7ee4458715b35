// The server's one logger (pino, JSON lines on stdout; decision 0137). Every line written while a
// request is handled carries that request's id (`reqId`), whoever writes it: the id lives in an
// AsyncLocalStorage scope opened by server/request-id.ts, so a repository or a job's adapter
// needs no logger handed down to it. Every line is redacted (./redact.ts) before it is written.
import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type Logger } from "pino";
import { redactLine } from "./redact";

export type { Logger };
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = "json" | "pretty";

/** Where finished lines go: stdout (errors: stderr), or (tests) a function. */
export interface LineSink {
  /** `isError`: the line is at level error or fatal. */
  write(line: string, isError?: boolean): void;
}

/**
 * The request's scope. One per process in production, where the Express server and the Remix
 * build's routes (those that import app/wiring) share this module: one bundle (decision 0192).
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` (and everything it starts) as part of the request `requestId`. */
export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return requestScope.run({ requestId }, fn);
}

/** The id of the request being handled, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

const LEVEL_NAMES: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };
const PRETTY_SKIPPED = new Set(["level", "time", "pid", "hostname", "reqId", "msg"]);

/** LOG_FORMAT=pretty: one readable line for a terminal (development), from the redacted JSON line. */
export function prettyLine(line: string): string {
  const entry = JSON.parse(line) as Record<string, unknown>;
  const time = typeof entry.time === "string" ? entry.time.slice(11, 23) : "";
  const level = (LEVEL_NAMES[Number(entry.level)] ?? String(entry.level)).padEnd(5);
  const id = typeof entry.reqId === "string" ? ` [${entry.reqId}]` : "";
  const rest = Object.fromEntries(Object.entries(entry).filter(([key]) => !PRETTY_SKIPPED.has(key)));
  const err = rest.err as { stack?: string } | undefined;
  delete rest.err;
  const extra = Object.keys(rest).length > 0 ? ` ${JSON.stringify(rest)}` : "";
  return `${time} ${level}${id} ${String(entry.msg ?? "")}${extra}${err?.stack ? `\n${err.stack}` : ""}\n`;
}

/**
 * Under Vitest the lines go to the console by level, so tests/support/vitest-setup.ts's trap on
 * console.error still fails a test that logs an error it did not expect, and a test can still spy
 * on console.warn or console.info. The message (and an error's stack) is what is passed on.
 */
export const consoleSink: LineSink = {
  write(line) {
    const entry = JSON.parse(line) as { level: number; msg?: string; err?: { stack?: string; message?: string } };
    const text = [entry.msg, entry.err?.stack ?? entry.err?.message].filter(Boolean).join("\n");
    if (entry.level >= 50) console.error(text);
    else if (entry.level >= 40) console.warn(text);
    else console.info(text);
  },
};

/**
 * JSON lines on stdout; error and fatal lines on stderr, so they still show where only stderr is
 * watched (the browser tests' server, a terminal with stdout redirected). journald keeps both.
 */
function stdioSink(): LineSink {
  const stdout = pino.destination({ dest: 1, sync: false });
  const stderr = pino.destination({ dest: 2, sync: false });
  return { write: (line, isError) => void (isError ? stderr : stdout).write(line) };
}

/**
 * The sink every line goes through: redaction first, then the format, then the target. Its target
 * and format can change after the logger is made (configureLogging at start-up, captureLogs in tests).
 */
class RedactingSink implements LineSink {
  format: LogFormat = "json";
  constructor(public target: LineSink) {}
  write(line: string): void {
    const safe = redactLine(line);
    // pino writes "level" first: {"level":50 (error) or 60 (fatal).
    const isError = /^\{"level":[56]\d\b/.test(safe);
    this.target.write(this.format === "pretty" ? prettyLine(safe) : safe, isError);
  }
}

export function createLogger({ level = "info", format = "json", sink }: { level?: LogLevel; format?: LogFormat; sink: LineSink }): Logger {
  const redacting = new RedactingSink(sink);
  redacting.format = format;
  return makeLogger(level, redacting);
}

function makeLogger(level: LogLevel, sink: LineSink): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      mixin: () => {
        const requestId = requestScope.getStore()?.requestId;
        return requestId ? { reqId: requestId } : {};
      },
      // A reqId given with the line (a stream callback that lost the scope) wins over the scope's.
      mixinMergeStrategy: (mergeObject, mixinObject) => Object.assign(mixinObject, mergeObject),
    },
    sink,
  );
}

const underTest = Boolean(process.env.VITEST);
const rootSink = new RedactingSink(underTest ? consoleSink : stdioSink());

/** The process's logger. Info by default (warn under Vitest, where only problems matter). */
export const logger: Logger = makeLogger(underTest ? "warn" : "info", rootSink);

/** Start-up: LOG_LEVEL and LOG_FORMAT from the configuration. */
export function configureLogging({ level, format }: { level: LogLevel; format: LogFormat }): void {
  logger.level = level;
  rootSink.format = format;
}

/**
 * Tests: the lines the process logger writes while `fn` runs, as parsed objects (redacted, as
 * they would be written), at `level` and above.
 */
export async function captureLogs<T>(
  fn: () => Promise<T>,
  level: LogLevel = "info",
): Promise<{ result: T; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const previous = { target: rootSink.target, format: rootSink.format, level: logger.level };
  rootSink.target = { write: (line) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
  rootSink.format = "json";
  logger.level = level;
  try {
    return { result: await fn(), lines };
  } finally {
    rootSink.target = previous.target;
    rootSink.format = previous.format;
    logger.level = previous.level;
  }
}

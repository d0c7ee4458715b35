// Slow clients for the checks of issue 30 (scripts/test-cluster.ts, npm run security:scan): connections
// that send the headers of a form POST and then trickle its body one byte at a time, and a probe
// that asks for a rendered page again and again meanwhile, timing each answer. Loopback only.
import fs from "node:fs";
import net from "node:net";
import tls from "node:tls";
import { Agent, request } from "undici";

export interface Trickler {
  /** The answer's status code once one came, else null. */
  status: number | null;
  /** Resolves when the connection closes, from either side. */
  closed: Promise<void>;
  stop(): void;
}

export interface TrickleOptions {
  host: string;
  port: number;
  /** Through TLS (nginx's https site), certificate unchecked. */
  tls?: boolean;
  path?: string;
  /** The declared body size; one byte is sent per `everyMs`. */
  contentLength?: number;
  everyMs?: number;
}

export function trickle({
  host,
  port,
  tls: secure = false,
  path = "/auth/login",
  contentLength = 100_000,
  everyMs = 1_000,
}: TrickleOptions): Trickler {
  const socket = secure ? tls.connect({ host, port, rejectUnauthorized: false, servername: "kamernest.cm" }) : net.connect(port, host);
  let text = "";
  const trickler: Trickler = {
    status: null,
    closed: new Promise((resolve) => socket.once("close", () => resolve())),
    stop: () => socket.destroy(),
  };
  socket.on("error", () => {}); // The server closed it: the status (if any) says why.
  socket.on("data", (chunk: Buffer) => {
    if (trickler.status !== null) return;
    text += chunk.toString("latin1");
    const code = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
    if (code) trickler.status = Number(code);
  });
  socket.once(secure ? "secureConnect" : "connect", () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${contentLength}\r\n\r\nx`,
    );
  });
  const timer = setInterval(() => (socket.writable ? socket.write("x") : clearInterval(timer)), everyMs);
  socket.once("close", () => clearInterval(timer));
  return trickler;
}

export interface ProbeResult {
  /** Answers received, by status. */
  statuses: Record<number, number>;
  /** The longest wait for one answer (ms), and every wait. */
  longestMs: number;
  waits: number[];
  /** Requests that failed outright (connection refused, reset, our own timeout). */
  failures: number;
}

/**
 * Asks for `url` one request after another for `durationMs`, each given `timeoutMs` at most, and
 * times the answers. `insecure` accepts nginx's self-signed certificate.
 */
export async function probeRenderedPage(
  url: string,
  {
    durationMs,
    timeoutMs = 30_000,
    headers = {},
    insecure = false,
    pauseMs = 250,
  }: { durationMs: number; timeoutMs?: number; headers?: Record<string, string>; insecure?: boolean; pauseMs?: number },
): Promise<ProbeResult> {
  const dispatcher = new Agent({ connect: { rejectUnauthorized: !insecure }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs });
  const result: ProbeResult = { statuses: {}, longestMs: 0, waits: [], failures: 0 };
  const until = Date.now() + durationMs;
  try {
    while (Date.now() < until) {
      const started = performance.now();
      try {
        const response = await request(url, { headers, dispatcher });
        await response.body.arrayBuffer();
        result.statuses[response.statusCode] = (result.statuses[response.statusCode] ?? 0) + 1;
      } catch {
        result.failures += 1;
      }
      const wait = Math.round(performance.now() - started);
      result.waits.push(wait);
      result.longestMs = Math.max(result.longestMs, wait);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  } finally {
    await dispatcher.close();
  }
  return result;
}

export interface UploadAttempt {
  /** The answer's status code once one came, else null. */
  status: number | null;
  /** Bytes of body this client managed to write before the answer or the close. */
  bytesWritten: number;
  /** Resolves when the connection closes or `timeoutMs` passed. */
  done: Promise<void>;
}

/**
 * An anonymous chunked multipart POST (no Content-Length) that sends `totalBytes` as fast as the
 * connection takes them: the attack of issue 30's "chunked uploads buffered before sign-in". It
 * stops writing as soon as an answer arrives.
 */
export function chunkedUpload({
  host,
  port,
  tls: secure = false,
  path = "/host/verification",
  totalBytes = 8 * 1024 * 1024,
  timeoutMs = 20_000,
}: {
  host: string;
  port: number;
  tls?: boolean;
  path?: string;
  totalBytes?: number;
  timeoutMs?: number;
}): UploadAttempt {
  const socket = secure ? tls.connect({ host, port, rejectUnauthorized: false, servername: "kamernest.cm" }) : net.connect(port, host);
  const attempt: UploadAttempt = { status: null, bytesWritten: 0, done: Promise.resolve() };
  let text = "";
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const frame = Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n")]);
  socket.on("error", () => {});
  socket.on("data", (data: Buffer) => {
    if (attempt.status !== null) return;
    text += data.toString("latin1");
    const code = /^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1];
    if (code) attempt.status = Number(code);
  });
  const pump = () => {
    while (attempt.status === null && attempt.bytesWritten < totalBytes && socket.writable) {
      attempt.bytesWritten += chunk.length;
      if (!socket.write(frame)) return socket.once("drain", pump);
    }
    if (attempt.status === null && socket.writable && attempt.bytesWritten >= totalBytes) socket.write("0\r\n\r\n");
  };
  socket.once(secure ? "secureConnect" : "connect", () => {
    socket.write(
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n` +
        `Content-Type: multipart/form-data; boundary=----kn\r\n\r\n`,
    );
    pump();
  });
  attempt.done = new Promise((resolve) => {
    const timer = setTimeout(() => {
      socket.destroy();
      resolve();
    }, timeoutMs);
    socket.once("close", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return attempt;
}

/** The resident memory of a process in bytes (Linux), or null when it cannot be read. */
export function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

// Slow clients for the checks of issue 30 (scripts/test-cluster.ts, npm run security:scan): connections
// that send the headers of a form POST and then trickle its body one byte at a time, and a probe
// that asks for a rendered page again and again meanwhile, timing each answer. Loopback only.
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

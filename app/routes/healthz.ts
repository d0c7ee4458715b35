import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * Liveness: 200 while the process answers, without asking the database (a supervisor restarts a
 * process that stops answering; a database outage is no reason to restart it). Whether this
 * instance can serve is /readyz.
 */
export async function loader(_args: LoaderFunctionArgs) {
  return new Response("ok", {
    status: 200,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

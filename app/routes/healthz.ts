import type { LoaderFunctionArgs } from "@remix-run/node";

/** 200 when the database answers, 503 otherwise. For load balancers and uptime checks. */
export async function loader({ context }: LoaderFunctionArgs) {
  const ok = await context.services.database.ping();
  return new Response(ok ? "ok" : "database unavailable", {
    status: ok ? 200 : 503,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

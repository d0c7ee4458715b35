import type { LoaderFunctionArgs } from "@remix-run/node";

/**
 * Readiness, for the load balancer: 200 when the database answers and its schema is exactly this
 * build's; 503 otherwise, with the reason as JSON (database_unreachable, schema_behind,
 * schema_ahead, schema_unreadable) so the balancer takes the instance out until it is ready.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const readiness = await context.services.database.readiness();
  const body = readiness.ready ? { status: "ready", ...readiness } : { status: "not_ready", ...readiness };
  return Response.json(body, { status: readiness.ready ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}

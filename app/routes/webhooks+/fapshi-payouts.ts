// POST /webhooks/fapshi-payouts: Fapshi's disbursement service tells us a payout became SUCCESSFUL
// or FAILED (decision 0224). It is a separate service with its own webhook URL and secret
// (FAPSHI_PAYOUT_WEBHOOK_SECRET, compared in constant time). Nothing in the body is trusted but
// transId: handlePayoutWebhook reads the status again from the provider with our credentials and
// applies it through the reconciliation's own code, so a late or repeated delivery changes nothing
// more. Garbage is a 400, never a 500; Fapshi does not retry, so anything else is answered 200 and
// left to the reconciliation job.
import type { ActionFunctionArgs } from "@remix-run/node";
import { handlePayoutWebhook } from "#domain/payout/run-payouts.use-case";
import { readWebhookTransId } from "~/utils/webhook-body.server";

const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);

export async function loader() {
  return json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { payouts, log } = context.services;
  if (request.method !== "POST") return json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });

  // Guard: the shared secret, when one is configured (always, with Fapshi payouts).
  if (!payouts.webhookAuthorized(request.headers.get("x-wh-secret"))) {
    log.info({ payout: { event: "webhook_refused", reason: "secret" } }, "[payouts] webhook_refused");
    return json({ error: "Unauthorized" }, { status: 401 });
  }
  // Payouts off: there is no provider to ask, and no payout to change.
  if (!payouts.run) return json({ error: "Not Found" }, { status: 404 });

  // Parse: only transId.
  const transId = await readWebhookTransId(request);
  if (!transId) {
    log.info({ payout: { event: "webhook_refused", reason: "body" } }, "[payouts] webhook_refused");
    return json({ error: "Bad Request" }, { status: 400 });
  }

  // One use case call.
  const result = await handlePayoutWebhook(payouts.run, { transId });
  log.info(
    {
      payout: result.ok
        ? { event: "webhook", transId, ok: true, ...result.value }
        : { event: "webhook", transId, ok: false, code: result.error.code },
    },
    "[payouts] webhook",
  );
  // The same answer whether the transaction is ours or not: a caller learns nothing.
  return json({ received: true }, { status: 200 });
}

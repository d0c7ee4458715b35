// POST /webhooks/fapshi: Fapshi tells us a payment became SUCCESSFUL, FAILED or EXPIRED. Nothing in
// the body is trusted but transId: handleWebhook asks Fapshi again with our own credentials, checks
// amount, reference and user against our payment and applies the change idempotently (the same
// news twice changes nothing more). The shared secret (x-wh-secret) is compared in constant time
// when FAPSHI_WEBHOOK_SECRET is set. Garbage is a 400, never a 500. Fapshi does not retry, so an
// error here is logged and left to the reconciliation job. A transaction id we never stored (the
// answer to our initiation was lost) is matched to its payment through Fapshi's record of it.
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleWebhook } from "#domain/payment/handle-webhook.use-case";
import { readWebhookTransId } from "~/utils/webhook-body.server";
import { logPayment } from "~/wiring/money.server";

/** A resource route answers plain Responses (data() carries no status outside the document flow). */
const json = (body: unknown, init: ResponseInit = {}) => Response.json(body, init);

export async function loader() {
  return json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { money } = context.services;
  if (request.method !== "POST") return json({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });

  // Guard: the shared secret, when one is configured.
  if (!money.webhookAuthorized(request.headers.get("x-wh-secret"))) {
    logPayment({ event: "webhook_refused", reason: "secret" });
    return json({ error: "Unauthorized" }, { status: 401 });
  }

  // Parse: only transId.
  const transId = await readWebhookTransId(request);
  if (!transId) {
    logPayment({ event: "webhook_refused", reason: "body" });
    return json({ error: "Bad Request" }, { status: 400 });
  }

  // One use case call.
  const result = await handleWebhook(money.interactivePayments, { transId });
  if (!result.ok) {
    logPayment({ event: "webhook", transId, ok: false, code: result.error.code });
    // The same answer whether the transaction is unknown (neither ours nor, by its externalId, one
    // of our references: nothing was stored) or the provider could not be asked now (the reconciler
    // will): a caller learns nothing about which transaction ids are ours, and Fapshi has no reason
    // to send it again.
    return json({ received: true }, { status: 200 });
  }
  logPayment({ event: "webhook", transId, ok: true, status: result.value.status, reference: result.value.reference });
  return json({ received: true }, { status: 200 });
}

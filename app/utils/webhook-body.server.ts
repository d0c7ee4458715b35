// The body of a Fapshi webhook (payments and payouts): only its transId is read, the rest is never
// trusted. Null for anything that is not a small JSON transaction with a plausible transId.

/** Far more than a transaction ever needs; a bigger body is not Fapshi's. */
const MAX_BODY_BYTES = 64 * 1024;
const TRANS_ID = /^[A-Za-z0-9_-]{1,64}$/;

export async function readWebhookTransId(request: Request): Promise<string | null> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (Number.isFinite(length) && length > MAX_BODY_BYTES) return null;
  let text: string;
  try {
    text = await request.text();
  } catch {
    return null;
  }
  if (text.length > MAX_BODY_BYTES) return null;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return null;
  }
  // Some versions of the docs show the transaction wrapped in an array.
  const candidate = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (candidate === null || typeof candidate !== "object") return null;
  const transId = (candidate as { transId?: unknown }).transId;
  return typeof transId === "string" && TRANS_ID.test(transId.trim()) ? transId.trim() : null;
}

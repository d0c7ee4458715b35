// GET /admin/host-verification/{hostId}/documents/{documentId}: one of a host's documents, for an
// admin reviewing them. Private files: never cached, always downloaded (never rendered as a page
// of ours), the type the bytes were checked to be on upload.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readHostDocument } from "#domain/hosting/host-verification.use-cases";
import { cleanKey } from "~/utils/clean-key";
import { requireAdmin } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const hostId = cleanKey(params.hostId);
  const documentId = cleanKey(params.documentId);
  const found = hostId && documentId ? await readHostDocument(context.services.hosting, { hostId, documentId }) : null;
  if (!found) throw notFound();
  const { document, bytes } = found;
  const fileName = document.originalName.replace(/[^\w.-]+/g, "_") || "document";
  // A copy in a plain ArrayBuffer: what the Response body type accepts.
  return new Response(new Uint8Array(bytes).buffer as ArrayBuffer, {
    headers: {
      "Content-Type": document.mimeType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

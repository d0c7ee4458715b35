// /admin/agent-verification/{agentId}/documents/{documentId}: an agent's verification document,
// streamed to admins only (the files live outside public/, never under /media). `?download=1`
// saves it; without, the browser shows it. The type is the one detected at upload; the nosniff that
// server/security.ts puts on every response stops the browser from guessing another (checked end to
// end in tests/e2e/admin-core.spec.ts), and this CSP lets the file run nothing.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAgentDocument } from "#domain/accounts/agent-documents.queries";
import { cleanKey } from "~/utils/clean-key";
import { requireAdmin } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

/** `attachment; filename="licence.pdf"; filename*=UTF-8''licence.pdf`, safe for any name. */
export function contentDisposition(kind: "inline" | "attachment", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_") || "document";
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const agentId = cleanKey(params.agentId);
  const documentId = cleanKey(params.documentId);
  if (!agentId || !documentId) throw notFound();
  const found = await readAgentDocument(context.services.accounts, { adminId: admin.id, agentId, documentId });
  if (!found.ok) throw notFound();
  const { document, bytes } = found.value;
  const download = new URL(request.url).searchParams.get("download") === "1";
  return new Response(new Uint8Array(bytes).buffer as ArrayBuffer, {
    headers: {
      "Content-Type": document.mimeType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": contentDisposition(download ? "attachment" : "inline", document.originalName),
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  });
}

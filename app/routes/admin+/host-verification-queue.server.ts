// The host tab of /admin/agent-verification (?tab=hosts) and the review page of one host: each
// pending host, oldest submission first, with their documents. Read here so the agent page's
// loader only calls loadHostQueue.
import type { AppLoadContext } from "@remix-run/node";
import type { Account } from "#domain/accounts/account.entity";
import { displayName } from "#domain/accounts/account.entity";
import type { HostVerification } from "#domain/hosting/host-verification.entity";
import { listPendingHosts } from "#domain/hosting/host-verification.use-cases";
import { formatDate } from "~/utils/format";

const QUEUE_LIMIT = 50;

export function toHostQueueItem(
  { verification: v, account }: { verification: HostVerification; account: Account | null },
  language: string,
) {
  return {
    id: v.hostId,
    name: account ? displayName(account) : v.hostId,
    email: account?.email ?? "",
    status: v.status,
    submittedAt: formatDate(v.submittedAt, language),
    documents: v.documents.map((d) => ({
      id: d.id,
      kind: d.kind,
      name: d.originalName,
      sizeKb: Math.max(1, Math.round(d.sizeBytes / 1024)),
    })),
  };
}

export async function loadHostQueue(context: AppLoadContext, language: string) {
  const pending = await listPendingHosts(context.services.hosting, QUEUE_LIMIT);
  return pending.map((p) => toHostQueueItem(p, language));
}

export type HostQueueItem = ReturnType<typeof toHostQueueItem>;

import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { Inbox } from "~/components/messaging/inbox";
import { loadInbox, replyAction } from "~/utils/inbox.server";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";

export const handle = { i18n: ["auth", "messages", "listings"] };
export const meta = titleMeta;

const BASE_PATH = "/agents/messages";

// The agent's conversations with students (approved agents only: requireAgent sends the others
// away). Only the agent's own threads are listed, opened or answered.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "messages");
  return { title: t("inbox.agentTitle"), ...(await loadInbox(context, request, user)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  return replyAction(context, request, user, BASE_PATH);
}

export default function AgentMessagesPage() {
  const { t } = useTranslation("messages");
  const { threads, open, bodyMax, unreadTotal } = useLoaderData<typeof loader>();
  return (
    <PortalLayout
      portal="agent"
      title={t("inbox.agentTitle")}
      intro={`${t("inbox.agentIntro")}${unreadTotal > 0 ? ` ${t("inbox.totalUnread", { count: unreadTotal })}.` : ""}`}
    >
      <Inbox basePath={BASE_PATH} threads={threads} open={open} bodyMax={bodyMax} emptyText={t("inbox.empty")} />
    </PortalLayout>
  );
}

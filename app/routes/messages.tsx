import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { titleMeta } from "~/utils/page-title";
import { Inbox } from "~/components/messaging/inbox";
import { loadInbox, replyAction } from "~/utils/inbox.server";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";

export const handle = { i18n: ["auth", "messages", "listings"] };
export const meta = titleMeta;

const BASE_PATH = "/messages";

// A signed-in user's conversations with agents (linked from /profile). The same threads and
// rules as the agent portal's inbox: only the user's own threads are listed, opened or answered.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const t = await i18next.getFixedT(request, "messages");
  return { title: t("inbox.studentTitle"), ...(await loadInbox(context, request, user)) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  return replyAction(context, request, user, BASE_PATH);
}

export default function MessagesPage() {
  const { t } = useTranslation(["messages", "auth"]);
  const { threads, open, bodyMax, unreadTotal } = useLoaderData<typeof loader>();
  return (
    <div className="container-page py-8">
      <p className="text-sm">
        <Link to="/profile" className="link">
          ← {t("auth:profile.title")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("inbox.studentTitle")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
        {t("inbox.studentIntro")}
        {unreadTotal > 0 ? ` ${t("inbox.totalUnread", { count: unreadTotal })}.` : ""}
      </p>
      <div className="mt-6">
        <Inbox basePath={BASE_PATH} threads={threads} open={open} bodyMax={bodyMax} emptyText={t("inbox.emptyStudent")} />
      </div>
    </div>
  );
}

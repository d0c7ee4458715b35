import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { formatDateTime } from "~/utils/format";
import { requireAdmin } from "~/utils/auth.server";
import { getLanguage } from "~/utils/preferences.server";
import { readOutboxEmails } from "~/wiring/accounts.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

const OUTBOX_LIMIT = 50;

// Demo mode only: the last 50 e-mails the app "sent" (confirmation and reset links included).
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  if (!context.services.config.demoMode) throw new Response("Not Found", { status: 404 });
  const t = await i18next.getFixedT(request, "auth");
  const emails = await readOutboxEmails(context.services.database, OUTBOX_LIMIT);
  const language = await getLanguage(request);
  return {
    title: t("portal.admin.pages.outbox.title"),
    emails: emails.map((e) => ({ id: e.id, to: e.to, subject: e.subject, text: e.text, sentAt: formatDateTime(e.createdAt, language) })),
  };
}

export default function AdminOutboxPage() {
  const { t } = useTranslation("auth");
  const { emails } = useLoaderData<typeof loader>();
  return (
    <PortalLayout
      portal="admin"
      title={t("portal.admin.pages.outbox.title")}
      intro={t("portal.admin.pages.outbox.intro", { count: OUTBOX_LIMIT })}
    >
      {emails.length === 0 ? (
        <p className="card p-5">{t("portal.admin.pages.outbox.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {emails.map((email) => (
            <li key={email.id} className="card p-5">
              <h2 className="font-semibold">{email.subject}</h2>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                {t("portal.admin.pages.outbox.meta", { to: email.to, date: email.sentAt })}
              </p>
              <pre className="mt-3 whitespace-pre-wrap break-words text-sm">{email.text}</pre>
            </li>
          ))}
        </ul>
      )}
    </PortalLayout>
  );
}

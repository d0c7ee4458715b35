// /admin/users/{id}/suspend: the confirmation page for suspending an account when JavaScript is off
// (with it, the user's page asks in a dialog). The form posts to /admin/users/{id}.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { displayName } from "#domain/accounts/account.entity";
import { SuspendReasonField } from "~/components/admin/suspend-reason-field";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "admin-users", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const account = await context.services.accounts.repos.accounts.findById(id);
  if (!account) throw notFound();
  const t = await i18next.getFixedT(request, "admin-users");
  return { title: t("user.suspendTitle", { name: displayName(account) }), id };
}

export default function SuspendUserPage() {
  const { t } = useTranslation("admin-users");
  const { title, id } = useLoaderData<typeof loader>();
  const href = `/admin/users/${encodeURIComponent(id)}`;
  return (
    <PortalLayout portal="admin" title={title}>
      <ConfirmPage
        action={href}
        fields={{ intent: "suspend" }}
        body={t("user.suspendBody")}
        confirmLabel={t("user.suspendConfirm")}
        backHref={href}
        extra={<SuspendReasonField id="suspend-reason" />}
      />
    </PortalLayout>
  );
}

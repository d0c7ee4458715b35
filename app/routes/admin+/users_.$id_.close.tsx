// /admin/users/{id}/close: an admin closes a person's account on their request made by e-mail
// (decision 0228): the same refusals as /profile/close, a reason and the explicit confirmation
// in place of the person's password. The page is the confirmation step, with or without JavaScript.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { displayName } from "#domain/accounts/account.entity";
import { closeAccountForPerson, isClosedAccount } from "#domain/data-rights/admin-data-requests.use-case";
import { closureCheck } from "#domain/data-rights/close-my-account.use-case";
import type { ClosureBlocker } from "#domain/data-rights/account-closure";
import { adminRequestSchema } from "~/components/data-rights/data-rights-schemas";
import { AdminReasonField } from "~/components/data-rights/admin-reason-field";
import { FormAlert } from "~/components/forms/form-fields";
import { PortalLayout } from "~/components/portal/portal-layout";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { cleanKey } from "~/utils/clean-key";
import { describeDomainError } from "~/utils/domain-errors.server";
import { readFormData } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";
import { redirectWithToast } from "~/utils/toast.server";
import { usePersonName } from "~/utils/person-name";

export const handle = { i18n: ["data-rights", "auth"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const deps = context.services.dataRights;
  const account = await deps.repos.accounts.findById(id);
  if (!account) throw notFound();
  const [blockers, closed] = await Promise.all([closureCheck(deps, id), isClosedAccount(deps, id)]);
  const t = await i18next.getFixedT(request, "data-rights");
  return {
    title: t("adminRequest.closeTitle"),
    id,
    name: displayName(account),
    self: admin.id === id,
    closed,
    blockers,
  };
}

type ActionData = { formError?: string; blockers?: ClosureBlocker[] };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const submission = parseWithZod(await readFormData(request), { schema: adminRequestSchema });
  const value = submission.status === "success" ? submission.value : { reason: "", confirm: undefined };
  const result = await closeAccountForPerson(context.services.dataRights, {
    adminId: admin.id,
    userId: id,
    reason: value.reason ?? "",
    confirmed: value.confirm === "yes",
  });
  if (!result.ok) {
    if ("blockers" in result.error) return data<ActionData>({ blockers: result.error.blockers }, { status: 409 });
    const error = await describeDomainError(request, result.error);
    return data<ActionData>({ formError: error.message }, { status: error.status });
  }
  return redirectWithToast(context, request, `/admin/users/${encodeURIComponent(id)}`, {
    kind: "success",
    title: "data-rights:toasts.closedForPerson",
  });
}

export default function AdminCloseAccountPage() {
  const { t } = useTranslation(["data-rights", "auth"]);
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const personName = usePersonName();
  const name = personName(loaded.name);
  const blockers = actionData?.blockers ?? loaded.blockers;
  const href = `/admin/users/${encodeURIComponent(loaded.id)}`;
  return (
    <PortalLayout
      portal="admin"
      title={t("adminRequest.closeTitle")}
      intro={
        <Link to={href} className="link">
          {t("adminRequest.back", { name })}
        </Link>
      }
    >
      <div className="card max-w-2xl space-y-3 p-5">
        <p>{t("adminRequest.closeIntro", { name })}</p>
        <ul className="list-disc pl-6 text-sm">
          <li>{t("close.whatGoes")}</li>
          <li>{t("close.whatStays")}</li>
        </ul>
        {loaded.self ? (
          <p role="alert">{t("errors.not_for_self")}</p>
        ) : loaded.closed ? (
          <p role="alert">{t("errors.already_closed")}</p>
        ) : blockers.length > 0 ? (
          <div
            role="alert"
            className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          >
            <h2 className="font-semibold">{t("adminRequest.cannotYet")}</h2>
            <ul className="mt-2 list-disc pl-6 text-sm">
              {blockers.map((b) => (
                <li key={b}>{t(`adminRequest.blockers.${b}`)}</li>
              ))}
            </ul>
          </div>
        ) : (
          <Form method="post" className="space-y-4">
            <FormAlert id="admin-close-error" errors={actionData?.formError ? [actionData.formError] : null} />
            <AdminReasonField id="close-reason" />
            <div className="flex items-start gap-2">
              <input id="admin-close-confirm" type="checkbox" name="confirm" value="yes" className="mt-1" required />
              <label htmlFor="admin-close-confirm">{t("adminRequest.closeConfirm", { name })}</label>
            </div>
            <button type="submit" className="btn-danger">
              {t("adminRequest.closeSubmit")}
            </button>
          </Form>
        )}
      </div>
    </PortalLayout>
  );
}

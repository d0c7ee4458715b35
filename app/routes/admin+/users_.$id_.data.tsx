// /admin/users/{id}/data: an admin downloads a person's data file for them, on a request made by
// e-mail (decision 0228). The form is a document submission to /admin/users/{id}/data/download,
// so the browser saves the file with or without JavaScript; a refusal comes back here by its code.
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { displayName } from "#domain/accounts/account.entity";
import { AdminReasonField } from "~/components/data-rights/admin-reason-field";
import { FormAlert } from "~/components/forms/form-fields";
import { PortalLayout } from "~/components/portal/portal-layout";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { cleanKey } from "~/utils/clean-key";
import { notFound } from "~/utils/not-found.server";
import { refusalFrom } from "~/utils/data-rights.server";
import { usePersonName } from "~/utils/person-name";

export const handle = { i18n: ["data-rights", "auth"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const account = await context.services.accounts.repos.accounts.findById(id);
  if (!account) throw notFound();
  const t = await i18next.getFixedT(request, "data-rights");
  const refusal = await refusalFrom(request);
  return data(
    { title: t("adminRequest.downloadTitle"), id, name: displayName(account), refusal: refusal?.message ?? null },
    { status: refusal?.status ?? 200, headers: { "Cache-Control": "no-store" } },
  );
}

export default function AdminDownloadDataPage() {
  const { t } = useTranslation(["data-rights", "auth"]);
  const { id, name, refusal } = useLoaderData<typeof loader>();
  const personName = usePersonName();
  const href = `/admin/users/${encodeURIComponent(id)}`;
  return (
    <PortalLayout
      portal="admin"
      title={t("adminRequest.downloadTitle")}
      intro={
        <Link to={href} className="link">
          {t("adminRequest.back", { name: personName(name) })}
        </Link>
      }
    >
      <div className="card max-w-2xl space-y-3 p-5">
        <p>{t("adminRequest.downloadIntro", { name: personName(name) })}</p>
        <Form method="post" action={`${href}/data/download`} reloadDocument className="space-y-4">
          <FormAlert id="admin-download-error" errors={refusal ? [refusal] : null} />
          <AdminReasonField id="download-reason" />
          <button type="submit" className="btn-primary">
            {t("adminRequest.downloadSubmit")}
          </button>
        </Form>
      </div>
    </PortalLayout>
  );
}

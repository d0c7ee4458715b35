import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { identityCheckFor } from "#domain/data-rights/confirm-identity";
import { downloadDataSchema } from "~/components/data-rights/data-rights-schemas";
import { FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { refusalFrom } from "~/utils/data-rights.server";
import { constraintsOf } from "~/utils/constraints.server";

export const handle = { i18n: ["data-rights", "auth"] };
export const meta = titleMeta;

/** /profile/data: the signed-in person downloads everything held about them (decision 0216). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const t = await i18next.getFixedT(request, "data-rights");
  const refusal = await refusalFrom(request);
  return data(
    {
      title: t("download.title"),
      check: await identityCheckFor(context.services.dataRights, user.id),
      constraints: constraintsOf(downloadDataSchema),
      refusal: refusal?.message ?? null,
    },
    { status: refusal?.status ?? 200, headers: { "Cache-Control": "no-store" } },
  );
}

export default function DownloadDataPage() {
  const { t } = useTranslation(["data-rights", "auth"]);
  const { check, constraints, refusal } = useLoaderData<typeof loader>();
  const [form, fields] = useForm({ id: "download-data", constraint: constraints });
  return (
    <div className="container-page max-w-2xl py-8">
      <p>
        <Link to="/profile" className="link text-sm">
          {t("backToProfile")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("download.title")}</h1>
      <p className="mt-2">{t("download.intro")}</p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        <li>{t("download.includesAccount")}</li>
        <li>{t("download.includesActivity")}</li>
        <li>{t("download.includesMoney")}</li>
        <li>{t("download.includesWork")}</li>
      </ul>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("download.limits")}</p>
      {/* A real (document) submission: the answer is a file the browser saves, with or without JavaScript. */}
      <Form method="post" action="/profile/data/download" reloadDocument {...getFormProps(form)} className="card mt-6 space-y-4 p-5">
        <FormAlert id={form.errorId} errors={refusal ? [refusal] : form.errors} />
        {check === "password" ? (
          <TextField
            label={t("auth:fields.password")}
            hint={t("download.passwordHint")}
            errors={fields.password.errors}
            errorId={fields.password.errorId}
            inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }}
          />
        ) : (
          <p className="text-sm">{t("download.recentSignIn")}</p>
        )}
        <button type="submit" className="btn-primary">
          {t("download.submit")}
        </button>
      </Form>
    </div>
  );
}

// /admin/content/faq/{id}: edit one FAQ entry (group, question and answer in English and French).
// A new group puts the entry at the end of that group. Saving is audited (admin.faq.edit) and
// empties the visitors' page cache.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { editFaqEntry, getFaqEntry } from "#domain/help-content/help-content.use-cases";
import { FaqEntryForm, type FaqEntryValues } from "~/components/admin/faq-entry-fields";
import { faqEditSchema } from "~/components/admin/help-content-schema";
import { helpFormRefused, typedValues, type HelpFormError } from "~/routes/admin+/help-content-form.server";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal", "help", "help-content"] };
export const meta = titleMeta;

const FAQ_FIELDS = ["group", "questionEn", "questionFr", "answerEn", "answerFr"] as const;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getFaqEntry(context.services.helpContent, id) : null;
  if (!found?.ok) throw notFound();
  const e = found.value;
  const t = await i18next.getFixedT(request, "help-content");
  return {
    title: t("faq.editTitle"),
    entry: {
      id: e.id,
      group: e.group,
      questionEn: e.questionEn,
      questionFr: e.questionFr,
      answerEn: e.answerEn,
      answerFr: e.answerFr,
      updatedAt: e.updatedAt.toISOString(),
    },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const formData = await readFormOrNull(request);
  const submission = formData ? parseWithZod(formData, { schema: faqEditSchema }) : null;
  const values = typedValues(formData, FAQ_FIELDS);
  if (!submission || submission.status !== "success") return helpFormRefused(request, null, values);
  const { intent: _intent, ...fields } = submission.value;
  const result = await editFaqEntry(context.services.helpContent, { adminId: admin.id, id, ...fields });
  if (!result.ok) return helpFormRefused(request, result.error, values);
  return redirectWithToast(context, request, `/admin/content/faq#faq-entry-${encodeURIComponent(id)}`, {
    kind: "success",
    title: "help-content:toasts.faq_edit",
  });
}

export default function EditFaqEntryPage() {
  const { t, i18n } = useTranslation(["help-content", "auth"]);
  const { entry } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as HelpFormError<FaqEntryValues> | undefined;
  return (
    <PortalLayout
      portal="admin"
      title={t("faq.editTitle")}
      intro={
        <Link to="/admin/content/faq" className="link">
          {t("faq.back")}
        </Link>
      }
    >
      {actionData?.formError ? <FormAlert id="faq-error" errors={[actionData.formError]} /> : null}
      <section aria-labelledby="faq-edit" className="card p-5">
        <h2 id="faq-edit" className="text-lg font-semibold">
          {entry.questionEn}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {t("updatedAt", { date: formatDateTime(entry.updatedAt, i18n.language) })}
        </p>
        <FaqEntryForm
          intent="save"
          idPrefix="faq-edit"
          values={actionData?.values ?? entry}
          formKey={actionData?.values ? "refused" : entry.updatedAt}
          submitLabel={t("save")}
        />
      </section>
    </PortalLayout>
  );
}

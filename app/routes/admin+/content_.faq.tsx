// /admin/content/faq: the FAQ entries by group, as /faq shows them, each with Edit, Move up, Move
// down and Delete, and a form to add one at the end of its group. Deleting asks first: a dialog
// with JavaScript, /admin/content/faq/{id}/delete without. Every change is audited
// (domain/help-content) and empties the visitors' page cache (redirectWithToast).
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { createFaqEntry, deleteFaqEntry, listFaqEntries, moveFaqEntry } from "#domain/help-content/help-content.use-cases";
import { EMPTY_FAQ_ENTRY, FaqEntryForm, type FaqEntryValues } from "~/components/admin/faq-entry-fields";
import { faqListSchema } from "~/components/admin/help-content-schema";
import { helpFormRefused, typedValues, type HelpFormError } from "~/routes/admin+/help-content-form.server";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "portal", "help", "help-content"] };
export const meta = titleMeta;

const FAQ_FIELDS = ["group", "questionEn", "questionFr", "answerEn", "answerFr"] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const groups = await listFaqEntries(context.services.helpContent);
  const t = await i18next.getFixedT(request, "help-content");
  return {
    title: t("faq.title"),
    groups: groups.map((g) => ({
      group: g.group,
      entries: g.entries.map((e) => ({ id: e.id, questionEn: e.questionEn, questionFr: e.questionFr })),
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await readFormOrNull(request);
  const submission = formData ? parseWithZod(formData, { schema: faqListSchema }) : null;
  const values = formData?.get("intent") === "create" ? typedValues(formData, FAQ_FIELDS) : null;
  if (!submission || submission.status !== "success") return helpFormRefused(request, null, values);
  const input = submission.value;
  const deps = context.services.helpContent;
  const result =
    input.intent === "create"
      ? await createFaqEntry(deps, { adminId: admin.id, ...input })
      : input.intent === "move"
        ? await moveFaqEntry(deps, { adminId: admin.id, id: input.id, direction: input.direction })
        : await deleteFaqEntry(deps, { adminId: admin.id, id: input.id });
  if (!result.ok) return helpFormRefused(request, result.error, values);
  const back = input.intent === "create" ? `/admin/content/faq#faq-entry-${encodeURIComponent(result.value.id)}` : "/admin/content/faq";
  return redirectWithToast(context, request, back, { kind: "success", title: `help-content:toasts.faq_${input.intent}` });
}

export default function AdminFaqPage() {
  const { t } = useTranslation(["help-content", "help", "auth"]);
  const { groups } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as HelpFormError<FaqEntryValues> | undefined;
  const total = groups.reduce((n, g) => n + g.entries.length, 0);
  return (
    <PortalLayout
      portal="admin"
      title={t("faq.title")}
      intro={
        <>
          {t("faq.intro")}{" "}
          <Link to="/faq" className="link">
            {t("faq.viewPublic")}
          </Link>
        </>
      }
    >
      {actionData?.formError ? <FormAlert id="faq-error" errors={[actionData.formError]} /> : null}
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("faq.count", { count: total })}</p>
      {groups.map((g) => (
        <section key={g.group} aria-labelledby={`faq-group-${g.group}`} className="mb-6">
          <h2 id={`faq-group-${g.group}`} className="text-lg font-semibold">
            {t(`help:faq.groups.${g.group}`)}
          </h2>
          {g.entries.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t("faq.groupEmpty")}</p>
          ) : (
            <ol className="mt-2 space-y-2">
              {g.entries.map((e, i) => (
                <li key={e.id} id={`faq-entry-${e.id}`} className="card p-4" data-testid="admin-faq-entry">
                  <p className="font-medium">{e.questionEn}</p>
                  {e.questionFr ? (
                    <p className="text-sm text-slate-700 dark:text-slate-300" lang="fr">
                      {e.questionFr}
                    </p>
                  ) : null}
                  <div className="mt-3 flex flex-wrap items-center gap-2">
                    <Link to={`/admin/content/faq/${encodeURIComponent(e.id)}`} className="btn-secondary">
                      {t("faq.edit")}
                      <span className="sr-only">: {e.questionEn}</span>
                    </Link>
                    {i > 0 ? <MoveButton id={e.id} direction="up" label={t("faq.moveUp")} question={e.questionEn} /> : null}
                    {i < g.entries.length - 1 ? (
                      <MoveButton id={e.id} direction="down" label={t("faq.moveDown")} question={e.questionEn} />
                    ) : null}
                    <ConfirmAction
                      confirmHref={`/admin/content/faq/${encodeURIComponent(e.id)}/delete`}
                      action="/admin/content/faq"
                      fields={{ intent: "delete", id: e.id }}
                      trigger={t("faq.delete")}
                      title={t("faq.deleteTitle", { question: e.questionEn })}
                      body={t("faq.deleteBody")}
                      confirmLabel={t("faq.deleteConfirm")}
                    />
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
      ))}
      <section aria-labelledby="faq-add" className="card mt-8 p-5">
        <h2 id="faq-add" className="text-lg font-semibold">
          {t("faq.addTitle")}
        </h2>
        <FaqEntryForm
          intent="create"
          idPrefix="faq-new"
          values={actionData?.values ?? EMPTY_FAQ_ENTRY}
          formKey={actionData?.values ? "refused" : `added-${total}`}
          submitLabel={t("faq.add")}
        />
      </section>
    </PortalLayout>
  );
}

function MoveButton({ id, direction, label, question }: { id: string; direction: "up" | "down"; label: string; question: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className="btn-secondary">
        {label}
        <span className="sr-only">: {question}</span>
      </button>
    </Form>
  );
}

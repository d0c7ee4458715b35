// /admin/content/legal/{slug}: edit a legal page's title and Markdown body, in English and French.
// "Preview" shows the unsaved text as the public page will (rendered on the server, so it works
// without JavaScript) and keeps it in the form; "Save" stores it, audited (admin.legal.edit), and
// empties the visitors' page cache.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { isLegalSlug, LEGAL_BODY_MAX, LEGAL_TITLE_MAX } from "#domain/help-content/help-content.entity";
import { editLegalPage, getLegalPage, renderLegalPage } from "#domain/help-content/help-content.use-cases";
import { legalEditSchema } from "~/components/admin/help-content-schema";
import { helpFormRefused, typedValues, type HelpFormError } from "~/routes/admin+/help-content-form.server";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { HelpDocument, type HelpDocumentData } from "~/components/help/help-document";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDateTime } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal", "help", "help-content"] };
export const meta = titleMeta;

const LEGAL_FIELDS = ["titleEn", "titleFr", "bodyEn", "bodyFr"] as const;
type LegalValues = Record<(typeof LEGAL_FIELDS)[number], string>;

interface PreviewData {
  preview: { en: HelpDocumentData; fr: HelpDocumentData };
  values: LegalValues;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const slug = params.slug;
  const found = isLegalSlug(slug) ? await getLegalPage(context.services.helpContent, slug) : null;
  if (!found?.ok) throw notFound();
  const p = found.value;
  const t = await i18next.getFixedT(request, "help-content");
  return {
    title: t("legal.editTitle", { title: p.titleEn }),
    slug: p.slug,
    page: { titleEn: p.titleEn, titleFr: p.titleFr, bodyEn: p.bodyEn, bodyFr: p.bodyFr, updatedAt: p.updatedAt.toISOString() },
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const slug = params.slug;
  if (!isLegalSlug(slug)) throw notFound();
  const formData = await readFormOrNull(request);
  const submission = formData ? parseWithZod(formData, { schema: legalEditSchema }) : null;
  const values = typedValues(formData, LEGAL_FIELDS);
  if (!submission || submission.status !== "success") return helpFormRefused(request, null, values);
  const { intent, ...fields } = submission.value;
  const deps = context.services.helpContent;
  if (intent === "preview") {
    // Nothing is stored: the French page falls back to the English text, as the public page does.
    const now = deps.clock.now();
    const view = (title: string, body: string): HelpDocumentData => {
      const page = renderLegalPage(deps.markdown, { title, body, updatedAt: now });
      return { ...page, updatedAt: now.toISOString() };
    };
    const preview = {
      en: view(fields.titleEn, fields.bodyEn),
      fr: view(fields.titleFr.trim() || fields.titleEn, fields.bodyFr.trim() || fields.bodyEn),
    };
    return data<PreviewData>({ preview, values: fields });
  }
  const result = await editLegalPage(deps, { adminId: admin.id, slug, ...fields });
  if (!result.ok) return helpFormRefused(request, result.error, values);
  return redirectWithToast(context, request, "/admin/content/legal", {
    kind: "success",
    title: "help-content:toasts.legal_edit",
    params: { title: result.value.titleEn },
  });
}

export default function EditLegalPage() {
  const { t, i18n } = useTranslation(["help-content", "auth"]);
  const { slug, page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as (HelpFormError<LegalValues> & Partial<PreviewData>) | PreviewData | undefined;
  const values: LegalValues = actionData?.values ?? page;
  const preview = actionData && "preview" in actionData ? actionData.preview : undefined;
  const formError = actionData && "formError" in actionData ? actionData.formError : undefined;
  return (
    <PortalLayout
      portal="admin"
      title={t("legal.editTitle", { title: page.titleEn })}
      intro={
        <>
          <Link to="/admin/content/legal" className="link">
            {t("legal.back")}
          </Link>{" "}
          · {t("updatedAt", { date: formatDateTime(page.updatedAt, i18n.language) })}
        </>
      }
    >
      {formError ? <FormAlert id="legal-error" errors={[formError]} /> : null}
      <Form method="post" className="card space-y-4 p-5" key={actionData ? "returned" : "stored"}>
        <p id="legal-markdown-hint" className="text-sm text-slate-700 dark:text-slate-300">
          {t("legal.markdownHint")}
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          {(["En", "Fr"] as const).map((lang) => (
            <fieldset key={lang} className="space-y-3" lang={lang === "Fr" ? "fr" : "en"}>
              <legend className="font-semibold">{t(`legal.language${lang}`)}</legend>
              <div>
                <label htmlFor={`legal-title${lang}`} className="label">
                  {t("legal.fields.title")}
                </label>
                <input
                  id={`legal-title${lang}`}
                  name={`title${lang}`}
                  className="input"
                  required={lang === "En"}
                  maxLength={LEGAL_TITLE_MAX}
                  defaultValue={values[`title${lang}`]}
                />
              </div>
              <div>
                <label htmlFor={`legal-body${lang}`} className="label">
                  {t("legal.fields.body")}
                </label>
                <textarea
                  id={`legal-body${lang}`}
                  name={`body${lang}`}
                  className="input min-h-96 font-mono text-sm"
                  required={lang === "En"}
                  maxLength={LEGAL_BODY_MAX}
                  defaultValue={values[`body${lang}`]}
                  aria-describedby="legal-markdown-hint"
                />
              </div>
            </fieldset>
          ))}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" name="intent" value="save" className="btn-primary">
            {t("save")}
          </button>
          <button type="submit" name="intent" value="preview" className="btn-secondary" formNoValidate>
            {t("legal.preview")}
          </button>
          <Link to={`/${slug}`} className="btn-secondary">
            {t("legal.view")}
          </Link>
        </div>
      </Form>
      {preview ? (
        <section aria-labelledby="legal-preview" className="mt-8">
          <h2 id="legal-preview" className="text-xl font-semibold">
            {t("legal.previewTitle")}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("legal.previewNote")}</p>
          {(["en", "fr"] as const).map((lang) => (
            <div key={lang} className="card mt-4" lang={lang} data-testid={`legal-preview-${lang}`}>
              <p className="px-4 pt-4 text-sm font-semibold">{t(`legal.language${lang === "en" ? "En" : "Fr"}`)}</p>
              <HelpDocument page={preview[lang]} nested idPrefix={`preview-${lang}-`} />
            </div>
          ))}
        </section>
      ) : null}
    </PortalLayout>
  );
}

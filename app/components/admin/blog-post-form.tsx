// The admin's blog post form (/admin/content/posts/new and /admin/content/posts/{id}): the address,
// an English and a French fieldset (title, summary, Markdown text), the cover, and two submit
// buttons: save, and preview (the server renders the texts below the form, nothing stored). A
// plain multipart POST form, so all of it works without JavaScript; a refusal comes back as the
// same form with the typed values and each field's translated error.
import type { SubmissionResult } from "~/utils/form";
import { useNavigation } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import {
  BLOG_LANGUAGES,
  POST_BODY_MAX,
  POST_EXCERPT_MAX,
  POST_SLUG_MAX,
  POST_TITLE_MAX,
  type BlogLanguage,
} from "#domain/blog/blog-post.entity";
import type { PostPreview } from "#domain/blog/manage-blog-posts.use-cases";
import { isCoverUploadKey } from "#domain/blog/cover-uploads";
import { MAX_PHOTO_BYTES } from "#domain/property-management/managed-property.entity";
import { FormAlert } from "~/components/forms/form-fields";
import { articleStyles } from "~/components/blog/article-styles";
import { Photo } from "~/components/photo";
import { formFields, type FormDefaults } from "~/components/portal/listing-form-fields";
import { COVER_HEIGHT, COVER_WIDTH } from "~/utils/photos";

export type BlogPostFormDefaults = FormDefaults;

const LANG = { en: "En", fr: "Fr" } as const;

export function BlogPostForm({
  action,
  defaults,
  lastResult,
  keptCover,
  cover,
  saveLabel,
}: {
  action: string;
  defaults: BlogPostFormDefaults;
  lastResult: SubmissionResult<string[]> | null;
  /** The key of the cover a preview kept (decision 0233), or null. */
  keptCover: string | null;
  /** The stored cover, shown with a "remove" box; null for none. */
  cover: { storageKey: string; alt: string } | null;
  saveLabel: string;
}) {
  const { t } = useTranslation(["admin-blog", "blog"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const fields = formFields(lastResult, defaults, (k) => t(k));
  const { value, fieldError, aria, formErrors } = fields;
  // After a preview: the key it answered; after a refused save: the key the form had sent.
  const typedKept = value("coverUpload");
  const kept = keptCover ?? (typedKept && isCoverUploadKey(typedKept) ? typedKept : null);

  const languageFieldset = (language: BlogLanguage) => {
    const suffix = LANG[language];
    const id = (name: string) => `${name}${suffix}`;
    return (
      <fieldset key={language} className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-700" lang={language}>
        <legend className="px-1 font-semibold">{t(language === "en" ? "form.english" : "form.french")}</legend>
        {language === "fr" ? <p className="text-sm text-slate-700 dark:text-slate-300">{t("form.frenchHint")}</p> : null}
        <div>
          <label htmlFor={id("title")} className="label">
            {t(`form.title_${language}`)}
          </label>
          <input
            id={id("title")}
            name={id("title")}
            className="input"
            defaultValue={value(id("title"))}
            maxLength={POST_TITLE_MAX}
            {...aria(id("title"))}
          />
          {fieldError(id("title"))}
        </div>
        <div>
          <label htmlFor={id("excerpt")} className="label">
            {t(`form.excerpt_${language}`)}
          </label>
          <textarea
            id={id("excerpt")}
            name={id("excerpt")}
            className="input min-h-20"
            defaultValue={value(id("excerpt"))}
            maxLength={POST_EXCERPT_MAX}
            {...aria(id("excerpt"))}
          />
          {fieldError(id("excerpt"))}
        </div>
        <div>
          <label htmlFor={id("body")} className="label">
            {t(`form.body_${language}`)}
          </label>
          <textarea
            id={id("body")}
            name={id("body")}
            className="input min-h-64 font-mono text-sm"
            defaultValue={value(id("body"))}
            maxLength={POST_BODY_MAX}
            aria-describedby={`body-hint-${language}`}
            {...aria(id("body"))}
          />
          <p id={`body-hint-${language}`} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("form.bodyHint")}
          </p>
          {fieldError(id("body"))}
        </div>
      </fieldset>
    );
  };

  return (
    <Form method="post" action={action} encType="multipart/form-data" className="card space-y-5 p-5" key={fields.key} noValidate>
      <FormAlert id="blog-form-error" errors={formErrors} />
      <div>
        <label htmlFor="slug" className="label">
          {t("form.slug")}
        </label>
        <input
          id="slug"
          name="slug"
          className="input"
          defaultValue={value("slug")}
          maxLength={POST_SLUG_MAX}
          aria-describedby="slug-hint"
          {...aria("slug")}
        />
        <p id="slug-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t("form.slugHint")}
        </p>
        {fieldError("slug")}
      </div>
      <div className="grid gap-5 lg:grid-cols-2">{BLOG_LANGUAGES.map(languageFieldset)}</div>
      <div>
        <label htmlFor="cover" className="label">
          {t("form.cover")}
        </label>
        {cover ? (
          <div className="mb-2 max-w-xs">
            <p className="text-sm font-semibold">{t("form.currentCover")}</p>
            <Photo
              photo={{ storageKey: cover.storageKey, width: COVER_WIDTH, height: COVER_HEIGHT, alt: cover.alt }}
              sizes="320px"
              maxWidth={640}
            />
          </div>
        ) : null}
        {kept ? (
          <div className="mb-2 max-w-xs" data-testid="kept-cover">
            <input type="hidden" name="coverUpload" value={kept} />
            <img
              src={`/admin/content/cover-upload?key=${encodeURIComponent(kept)}`}
              alt={t("form.keptCoverAlt")}
              width={320}
              height={Math.round((320 * COVER_HEIGHT) / COVER_WIDTH)}
              className="h-auto w-full rounded-md object-cover"
            />
            <p className="mt-1 text-sm font-semibold">{t("form.keptCover")}</p>
          </div>
        ) : null}
        <input
          id="cover"
          name="cover"
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="input"
          aria-describedby="cover-hint"
          {...aria("cover")}
        />
        <p id="cover-hint" className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {t("form.coverHint", { max: MAX_PHOTO_BYTES / (1024 * 1024) })}
        </p>
        {fieldError("cover")}
        {cover ? (
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" name="removeCover" defaultChecked={value("removeCover") === "on"} />
            {t("form.removeCover")}
          </label>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" className="btn-primary" disabled={busy}>
          {saveLabel}
        </button>
        <button type="submit" name="intent" value="preview" className="btn-secondary" disabled={busy}>
          {t("form.preview")}
        </button>
      </div>
    </Form>
  );
}

/** The server's rendering of the typed texts, both languages, as /blog/{slug} would show them. */
export function BlogPostPreview({ preview }: { preview: PostPreview }) {
  const { t } = useTranslation("admin-blog");
  return (
    <section aria-labelledby="preview-heading" className="card mt-6 p-5" data-testid="blog-preview">
      <h2 id="preview-heading" className="text-xl font-semibold">
        {t("preview.heading")}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("preview.intro", { slug: preview.slug })}</p>
      {BLOG_LANGUAGES.map((language) => {
        const view = preview.languages[language];
        return (
          <article key={language} lang={language} className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {t(language === "en" ? "preview.english" : "preview.french")}
            </h3>
            <p className="mt-2 text-2xl font-bold">{view.title}</p>
            {view.excerpt ? <p className="mt-2 text-slate-700 dark:text-slate-300">{view.excerpt}</p> : null}
            <div className={articleStyles} dangerouslySetInnerHTML={{ __html: view.html }} />
          </article>
        );
      })}
    </section>
  );
}

/** The form's last reply: Conform's, or a refused button's message as a form error. */
export function actionReply(
  actionData: { reply?: SubmissionResult<string[]>; formError?: string } | undefined,
): SubmissionResult<string[]> | null {
  if (actionData?.reply) return actionData.reply;
  if (actionData?.formError) return { status: "error", error: { "": [actionData.formError] } };
  return null;
}

// /admin/content/posts/new: a new blog article, saved as a draft (published from its own page).
// "Preview" renders the typed texts below the form through the public renderer, nothing stored.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { createDraftPost, previewWithCover } from "#domain/blog/manage-blog-posts.use-cases";
import { blogPostFormSchema, coverOf, toPostText } from "~/components/admin/blog-post-schema";
import { BlogPostForm, BlogPostPreview, actionReply } from "~/components/admin/blog-post-form";
import { invalidBlogForm, previewedBlogForm, refusedBlogForm, type BlogActionData } from "~/routes/admin+/blog-post-form.server";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { badForm } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "admin-blog", "blog", "portal"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "admin-blog");
  return { title: t("form.newTitle") };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: blogPostFormSchema });
  if (submission.status !== "success") return invalidBlogForm(submission);
  const deps = context.services.blogAdmin;
  const text = toPostText(submission.value);
  if (submission.value.intent === "preview") {
    const preview = await previewWithCover(deps, { text, cover: await coverOf(formData), coverUpload: submission.value.coverUpload });
    return preview.ok
      ? previewedBlogForm(submission, preview.value.preview, preview.value.coverUpload)
      : refusedBlogForm(request, submission, preview.error);
  }
  const created = await createDraftPost(deps, {
    adminId: admin.id,
    authorName: admin.name,
    text,
    cover: await coverOf(formData),
    coverUpload: submission.value.coverUpload,
  });
  if (!created.ok) return refusedBlogForm(request, submission, created.error);
  return redirectWithToast(context, request, `/admin/content/posts/${encodeURIComponent(created.value.id)}`, {
    kind: "success",
    title: "admin-blog:toasts.created",
  });
}

export default function NewBlogPostPage() {
  const { t } = useTranslation("admin-blog");
  const actionData = useActionData<typeof action>() as BlogActionData | undefined;
  return (
    <PortalLayout portal="admin" title={t("form.newTitle")}>
      <p className="mb-4">
        <Link to="/admin/content" className="link">
          {t("form.back")}
        </Link>
      </p>
      <BlogPostForm
        action="/admin/content/posts/new"
        defaults={{}}
        lastResult={actionReply(actionData)}
        keptCover={actionData?.coverUpload ?? null}
        cover={null}
        saveLabel={t("form.saveDraft")}
      />
      {actionData?.preview ? <BlogPostPreview preview={actionData.preview} /> : null}
    </PortalLayout>
  );
}

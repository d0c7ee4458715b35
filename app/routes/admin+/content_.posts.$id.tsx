// /admin/content/posts/{id}: one blog article, draft or published: its state with Publish or
// Unpublish, Delete (a dialog with JavaScript, /admin/content/posts/{id}/delete without), and the
// form (save, preview). Each intent calls one use case; each change is audited (admin.blog.*) and,
// through the success toast, empties the visitors' page cache, so /blog shows it at once.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { BlogPost } from "#domain/blog/blog-post.entity";
import {
  deletePost,
  editPost,
  getPostForAdmin,
  previewWithCover,
  publishPost,
  unpublishPost,
} from "#domain/blog/manage-blog-posts.use-cases";
import { blogPostDecisionSchema, blogPostFormSchema, coverOf, toPostText } from "~/components/admin/blog-post-schema";
import { BlogPostForm, BlogPostPreview, actionReply, type BlogPostFormDefaults } from "~/components/admin/blog-post-form";
import { invalidBlogForm, previewedBlogForm, refusedBlogForm, type BlogActionData } from "~/routes/admin+/blog-post-form.server";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { badForm, refused } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "admin-blog", "blog", "portal"] };
export const meta = titleMeta;

const formDefaults = (p: BlogPost): BlogPostFormDefaults => ({
  slug: p.slug,
  titleEn: p.title.en,
  titleFr: p.title.fr,
  excerptEn: p.excerpt.en,
  excerptFr: p.excerpt.fr,
  bodyEn: p.body.en,
  bodyFr: p.body.fr,
});

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getPostForAdmin(context.services.blogAdmin, id) : null;
  if (!found?.ok) throw notFound();
  const post = found.value;
  const t = await i18next.getFixedT(request, "admin-blog");
  return {
    title: t("form.editTitle"),
    post: {
      id: post.id,
      slug: post.slug,
      title: post.title.en,
      publishedAt: post.publishedAt?.toISOString() ?? null,
      coverStorageKey: post.coverStorageKey,
    },
    defaults: formDefaults(post),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const postId = cleanKey(params.id);
  if (!postId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const deps = context.services.blogAdmin;
  const here = `/admin/content/posts/${encodeURIComponent(postId)}`;

  const decision = parseWithZod(formData, { schema: blogPostDecisionSchema });
  if (decision.status === "success") {
    const intent = decision.value.intent;
    const input = { adminId: admin.id, postId };
    const result =
      intent === "publish"
        ? await publishPost(deps, input)
        : intent === "unpublish"
          ? await unpublishPost(deps, input)
          : await deletePost(deps, input);
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, intent === "delete" ? "/admin/content" : here, {
      kind: "success",
      title: `admin-blog:toasts.${intent}`,
    });
  }

  const submission = parseWithZod(formData, { schema: blogPostFormSchema });
  if (submission.status !== "success") return invalidBlogForm(submission);
  const text = toPostText(submission.value);
  if (submission.value.intent === "preview") {
    const preview = await previewWithCover(deps, { text, cover: await coverOf(formData), coverUpload: submission.value.coverUpload });
    return preview.ok
      ? previewedBlogForm(submission, preview.value.preview, preview.value.coverUpload)
      : refusedBlogForm(request, submission, preview.error);
  }
  const saved = await editPost(deps, {
    adminId: admin.id,
    postId,
    text,
    cover: await coverOf(formData),
    coverUpload: submission.value.coverUpload,
    removeCover: submission.value.removeCover === "on",
  });
  if (!saved.ok)
    return saved.error.code === "blog.post_not_found" ? refused(request, saved.error) : refusedBlogForm(request, submission, saved.error);
  return redirectWithToast(context, request, here, { kind: "success", title: "admin-blog:toasts.saved" });
}

export default function EditBlogPostPage() {
  const { t, i18n } = useTranslation("admin-blog");
  const { post, defaults } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as BlogActionData | undefined;
  const here = `/admin/content/posts/${encodeURIComponent(post.id)}`;
  return (
    <PortalLayout portal="admin" title={t("form.editTitle")} intro={post.title}>
      <p className="mb-4">
        <Link to="/admin/content" className="link">
          {t("form.back")}
        </Link>
      </p>
      {/* A status bar, not a section of the page: it has no heading of its own. */}
      <div className="card mb-6 flex flex-wrap items-center gap-3 p-4" data-testid="blog-post-status">
        <p className="font-semibold">
          {post.publishedAt ? t("status.published", { date: formatDate(post.publishedAt, i18n.language) }) : t("status.draft")}
        </p>
        {post.publishedAt ? (
          <Link to={`/blog/${encodeURIComponent(post.slug)}`} className="link">
            {t("status.view")}
          </Link>
        ) : null}
        <Form method="post" action={here}>
          <input type="hidden" name="intent" value={post.publishedAt ? "unpublish" : "publish"} />
          <button type="submit" className={post.publishedAt ? "btn-secondary" : "btn-primary"}>
            {t(post.publishedAt ? "status.unpublish" : "status.publish")}
          </button>
        </Form>
        <ConfirmAction
          confirmHref={`${here}/delete`}
          action={here}
          fields={{ intent: "delete" }}
          trigger={t("status.delete")}
          title={t("delete.title", { title: post.title })}
          body={t("delete.body")}
          confirmLabel={t("delete.confirm")}
        />
      </div>
      <BlogPostForm
        action={here}
        defaults={defaults}
        lastResult={actionReply(actionData)}
        keptCover={actionData?.coverUpload ?? null}
        cover={post.coverStorageKey ? { storageKey: post.coverStorageKey, alt: post.title } : null}
        saveLabel={t("form.save")}
      />
      {actionData?.preview ? <BlogPostPreview preview={actionData.preview} /> : null}
    </PortalLayout>
  );
}

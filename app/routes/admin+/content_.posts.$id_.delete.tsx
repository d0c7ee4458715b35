// /admin/content/posts/{id}/delete: the confirmation page for deleting a blog article when
// JavaScript is off (with it, the article's page asks in a dialog). The form posts to the article's page.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { getPostForAdmin } from "#domain/blog/manage-blog-posts.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmPage } from "~/components/portal/confirm-action";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { notFound } from "~/utils/not-found.server";

export const handle = { i18n: ["auth", "portal", "admin-blog"] };
export const meta = titleMeta;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = cleanKey(params.id);
  const found = id ? await getPostForAdmin(context.services.blogAdmin, id) : null;
  if (!found?.ok) throw notFound();
  const t = await i18next.getFixedT(request, "admin-blog");
  return { title: t("delete.title", { title: found.value.title.en }), id: found.value.id };
}

export default function DeleteBlogPostPage() {
  const { t } = useTranslation("admin-blog");
  const { title, id } = useLoaderData<typeof loader>();
  const here = `/admin/content/posts/${encodeURIComponent(id)}`;
  return (
    <PortalLayout portal="admin" title={title}>
      <ConfirmPage action={here} fields={{ intent: "delete" }} body={t("delete.body")} confirmLabel={t("delete.confirm")} backHref={here} />
    </PortalLayout>
  );
}

// /admin/content: the blog's articles, drafts and published, newest first, a page of 20, each
// linking to its edit page, with "New article"; and links to the help pages' editors (FAQ, legal
// pages). Changes happen on the article's page (decision 0127).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { listPostsForAdmin } from "#domain/blog/manage-blog-posts.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { Pagination } from "~/components/listings/pagination";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate } from "~/utils/format";

export const handle = { i18n: ["auth", "admin-blog", "listings"] };
export const meta = titleMeta;

function pageOf(raw: string | null): number {
  const n = raw !== null && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}
const contentHref = (page: number) => (page > 1 ? `/admin/content?page=${page}` : "/admin/content");

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const result = await listPostsForAdmin(context.services.blogAdmin, { page: pageOf(url.searchParams.get("page")) });
  const t = await i18next.getFixedT(request, "auth");
  const language = (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
  return {
    title: t("portal.admin.pages.content.title"),
    page: result.page,
    pageCount: result.pageCount,
    total: result.total,
    posts: result.items.map((p) => ({
      id: p.id,
      slug: p.slug,
      title: p.title[language].trim() !== "" ? p.title[language] : p.title.en,
      publishedAt: p.publishedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}

export default function AdminContentPage() {
  const { t, i18n } = useTranslation(["auth", "admin-blog"]);
  const { posts, page, pageCount, total } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.content.title")} intro={t("portal.admin.pages.content.intro")}>
      <section aria-labelledby="posts-heading">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="posts-heading" className="text-xl font-semibold">
            {t("admin-blog:list.heading")}
          </h2>
          <Link to="/admin/content/posts/new" className="btn-primary">
            {t("admin-blog:list.new")}
          </Link>
        </div>
        <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("admin-blog:list.count", { count: total })}</p>
        {posts.length === 0 ? (
          <p className="card p-6">{t("admin-blog:list.empty")}</p>
        ) : (
          <ul className="space-y-3">
            {posts.map((post) => (
              <li key={post.id} className="card flex flex-wrap items-center justify-between gap-3 p-4" data-testid="admin-blog-post">
                <div>
                  <h3 className="font-semibold">
                    <Link
                      to={`/admin/content/posts/${encodeURIComponent(post.id)}`}
                      className="link"
                      aria-label={t("admin-blog:list.edit", { title: post.title })}
                    >
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    <span
                      className={
                        post.publishedAt
                          ? "font-semibold text-green-800 dark:text-green-300"
                          : "font-semibold text-amber-900 dark:text-amber-200"
                      }
                    >
                      {post.publishedAt
                        ? t("admin-blog:list.published", { date: formatDate(post.publishedAt, i18n.language) })
                        : t("admin-blog:list.draft")}
                    </span>
                    {" · "}
                    {t("admin-blog:list.created", { date: formatDate(post.createdAt, i18n.language) })}
                    {" · "}
                    <span className="font-mono">/blog/{post.slug}</span>
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <Pagination page={page} pageCount={pageCount} hrefFor={contentHref} label={t("admin-blog:list.pages")} />
      </section>
      <section aria-labelledby="help-heading" className="card mt-8 p-5">
        <h2 id="help-heading" className="text-xl font-semibold">
          {t("admin-blog:list.helpHeading")}
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("admin-blog:list.helpIntro")}</p>
        <ul className="mt-3 flex flex-wrap gap-3">
          <li>
            <Link to="/admin/content/faq" className="btn-secondary">
              {t("admin-blog:list.faq")}
            </Link>
          </li>
          <li>
            <Link to="/admin/content/legal" className="btn-secondary">
              {t("admin-blog:list.legal")}
            </Link>
          </li>
        </ul>
      </section>
    </PortalLayout>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "~/utils/translation";
import { listPublishedPosts } from "#domain/blog/blog.queries";
import { i18next } from "~/i18next.server";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { BlogCard } from "~/components/blog/blog-card";
import { Pagination } from "~/components/listings/pagination";
import { pageParam } from "~/utils/page-param.server";

export const handle = { i18n: ["blog", "listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const page = pageParam(url);
  const language = (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
  const result = await listPublishedPosts(context.services.blog, { language, page });
  if (!result.ok) throw new Response(null, { status: 404 });
  const t = await i18next.getFixedT(request, "blog");
  const seo: PageSeo = {
    title: page > 1 ? t("seo.titlePage", { page }) : t("seo.title"),
    description: t("seo.description"),
    path: page > 1 ? `/blog?page=${page}` : "/blog",
  };
  return { blog: result.value, seo };
}

export default function BlogIndex() {
  const { blog } = useLoaderData<typeof loader>();
  const { t } = useTranslation("blog");
  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold md:text-3xl">{t("title")}</h1>
      <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      {blog.items.length === 0 ? (
        <p className="mt-6">{t("empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {blog.items.map((post, index) => (
            <li key={post.slug} className="flex">
              <BlogCard post={post} priority={index === blog.items.findIndex((p) => p.coverStorageKey)} />
            </li>
          ))}
        </ul>
      )}
      <Pagination
        page={blog.page}
        pageCount={blog.pageCount}
        hrefFor={(p) => (p > 1 ? `/blog?page=${p}` : "/blog")}
        label={t("pagination")}
      />
    </div>
  );
}

import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { postBySlug } from "#domain/blog/blog.queries";
import { i18next } from "~/i18next.server";
import { absoluteUrl, seoMeta, type PageSeo } from "~/utils/seo";
import { COVER_HEIGHT, COVER_WIDTH, GALLERY_SIZES, photoUrl } from "~/utils/photos";
import { Photo } from "~/components/photo";
import { articleStyles } from "~/components/blog/article-styles";
import { PostByline } from "~/components/blog/blog-card";
import { JsonLd } from "~/components/listings/json-ld";
import { useSaveData } from "~/components/listings/property-card";

export const handle = { i18n: ["blog"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  if (!SLUG.test(slug) || slug.length > 200) throw new Response(null, { status: 404 });
  const language = (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
  const result = await postBySlug(context.services.blog, { slug, language });
  if (!result.ok) throw new Response(null, { status: 404 });
  const post = result.value;
  const appUrl = context.services.publicConfig.appUrl;
  const path = `/blog/${slug}`;
  const image = post.coverStorageKey ? photoUrl(post.coverStorageKey, 1024) : null;
  const seo: PageSeo = { title: post.title, description: post.excerpt, path, image, imageAlt: post.title, type: "article" };
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.publishedAt.toISOString(),
    inLanguage: language,
    author: { "@type": "Person", name: post.authorName },
    publisher: { "@type": "Organization", name: "KamerNest" },
    mainEntityOfPage: absoluteUrl(appUrl, path),
    image: image ? absoluteUrl(appUrl, image) : undefined,
  };
  return { post, seo, jsonLd };
}

export default function BlogPostPage() {
  const { post, jsonLd } = useLoaderData<typeof loader>();
  const { t } = useTranslation("blog");
  const saveData = useSaveData();
  return (
    <article className="container-page max-w-3xl py-8">
      <p>
        <Link to="/blog" className="link text-sm">
          <span aria-hidden="true">← </span>
          {t("back")}
        </Link>
      </p>
      <h1 className="mt-3 text-3xl font-bold leading-tight md:text-4xl">{post.title}</h1>
      <div className="mt-3">
        <PostByline post={post} />
      </div>
      {post.coverStorageKey && !saveData ? (
        <div className="mt-6 overflow-hidden rounded-lg">
          <Photo
            photo={{ storageKey: post.coverStorageKey, width: COVER_WIDTH, height: COVER_HEIGHT, alt: post.title }}
            priority
            sizes={GALLERY_SIZES}
            alt=""
          />
        </div>
      ) : null}
      <div className={articleStyles} dangerouslySetInnerHTML={{ __html: post.html }} />
      <p className="mt-10">
        <Link to="/listings" className="btn-primary">
          {t("cta")}
        </Link>
      </p>
      <JsonLd data={jsonLd} />
    </article>
  );
}

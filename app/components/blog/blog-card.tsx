import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import type { BlogPostCard } from "#domain/blog/blog.queries";
import { formatDate } from "~/utils/format";
import { COVER_HEIGHT, COVER_WIDTH } from "~/utils/photos";
import { Photo } from "~/components/photo";
import { useSaveData } from "~/components/listings/property-card";

export const blogHref = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** "12 November 2026 · 4 min read" */
export function PostByline({ post }: { post: Pick<BlogPostCard, "publishedAt" | "readingMinutes" | "authorName"> }) {
  const { t, i18n } = useTranslation("blog");
  const date = typeof post.publishedAt === "string" ? post.publishedAt : post.publishedAt.toISOString();
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      <time dateTime={date}>{formatDate(date, i18n.language)}</time> · {t("readingTime", { count: post.readingMinutes })} ·{" "}
      {t("by", { author: post.authorName })}
    </p>
  );
}

/** `priority`: the first cover on screen, the page's largest image (LCP): loaded at once, first. */
export function BlogCard({ post, headingLevel = 2, priority = false }: { post: BlogPostCard; headingLevel?: 2 | 3; priority?: boolean }) {
  const saveData = useSaveData();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="card relative flex flex-col overflow-hidden">
      {post.coverStorageKey && !saveData ? (
        <div className="aspect-[3/2] overflow-hidden">
          <Photo
            photo={{ storageKey: post.coverStorageKey, width: COVER_WIDTH, height: COVER_HEIGHT, alt: "" }}
            alt=""
            priority={priority}
            className="aspect-[3/2]"
          />
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="text-lg font-semibold leading-snug">
          <Link to={blogHref(post.slug)} prefetch="intent" className="after:absolute after:inset-0 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <PostByline post={post} />
        <p className="text-slate-800 dark:text-slate-200">{post.excerpt}</p>
      </div>
    </article>
  );
}

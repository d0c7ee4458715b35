import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { NEIGHBOURHOODS } from "#domain/listings/buea";
import { MAX_KEYWORD_LENGTH } from "#domain/listings/listing-search";
import { listPublishedPosts } from "#domain/blog/blog.queries";
import { latestViewedIds } from "#domain/engagement/history.queries";
import { agentToVerify } from "#domain/accounts/home-after-sign-in";
import { ADMIN_HOME_PATH, getOptionalUser } from "~/utils/auth.server";
import { i18next } from "~/i18next.server";
import { formatXaf } from "~/utils/format";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { PropertyGrid } from "~/components/listings/property-card";
import { BlogCard } from "~/components/blog/blog-card";

// Works fully as HTML (GET search form, links): no framework JavaScript on first load (decision 0005).
export const handle = { i18n: ["home", "listings", "blog"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

const FEATURED_COUNT = 6;
const LATEST_POSTS = 3;
const RECOMMENDED_COUNT = 3;
/** Budgets offered in the quick search, in FCFA a month. */
const BUDGETS = [20_000, 30_000, 50_000, 75_000, 100_000] as const;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { listings, engagement, blog } = context.services;
  const user = await getOptionalUser(context, request);
  // An admin's home is the dashboard (issue 11): sent there by the server before anything is read
  // or rendered. The visitor page cache (server/page-cache.ts) never answers a request that carries
  // a session cookie, so a signed-in admin always reaches this loader.
  if (user?.isAdmin) throw redirect(ADMIN_HOME_PATH);
  const language = (await i18next.getLocale(request)) === "fr" ? "fr" : "en";
  const [featured, neighbourhoods, posts, recommended] = await Promise.all([
    listings.search.featuredListings(FEATURED_COUNT),
    listings.search.neighbourhoodCounts(),
    listPublishedPosts(blog, { language, page: 1 }),
    user ? latestViewedIds(engagement, user.id).then((ids) => listings.search.recommendedFor(ids, RECOMMENDED_COUNT)) : Promise.resolve([]),
  ]);
  const t = await i18next.getFixedT(request, "home");
  const seo: PageSeo = { title: t("seo.title"), description: t("seo.description"), path: "/" };
  return {
    featured,
    neighbourhoods: neighbourhoods.filter((n) => (NEIGHBOURHOODS as readonly string[]).includes(n.neighbourhood)),
    posts: posts.ok ? posts.value.items.slice(0, LATEST_POSTS) : [],
    recommended,
    seo,
    // An agent still to be verified is prompted to finish from here (decision 0208).
    agentVerification: user && agentToVerify(user) ? (user.agentStatus === "pending" ? "pending" : "todo") : null,
  };
}

function QuickSearch() {
  const { t } = useTranslation("home");
  return (
    <Form
      method="get"
      action="/listings"
      className="card mt-6 grid gap-3 p-4 text-slate-900 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_auto] lg:items-end dark:text-slate-100"
    >
      <div>
        <label htmlFor="home-q" className="label">
          {t("search.keyword")}
        </label>
        <input id="home-q" name="q" type="search" maxLength={MAX_KEYWORD_LENGTH} placeholder={t("search.placeholder")} className="input" />
      </div>
      <div>
        <label htmlFor="home-n" className="label">
          {t("search.neighbourhood")}
        </label>
        <select id="home-n" name="n" defaultValue="" className="input">
          <option value="">{t("search.anyNeighbourhood")}</option>
          {NEIGHBOURHOODS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="home-max" className="label">
          {t("search.budget")}
        </label>
        <select id="home-max" name="max" defaultValue="" className="input">
          <option value="">{t("search.anyBudget")}</option>
          {BUDGETS.map((b) => (
            <option key={b} value={b}>
              {t("search.upTo", { amount: formatXaf(b) })}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary h-11">
        {t("search.submit")}
      </button>
    </Form>
  );
}

export default function Home() {
  const { featured, neighbourhoods, posts, recommended, agentVerification } = useLoaderData<typeof loader>();
  const { t } = useTranslation("home");
  const steps = ["search", "visit", "move"] as const;
  return (
    <>
      {agentVerification ? (
        <div
          className="border-b border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          data-testid="agent-verification-prompt"
        >
          <p className="container-page py-3 text-sm">
            {t(agentVerification === "pending" ? "agentPrompt.pending" : "agentPrompt.todo")}{" "}
            <Link to="/auth/agent-verification" className="font-semibold underline">
              {t(agentVerification === "pending" ? "agentPrompt.pendingLink" : "agentPrompt.todoLink")}
            </Link>
          </p>
        </div>
      ) : null}
      <section className="bg-brand-50 py-10 dark:bg-slate-900" aria-labelledby="hero-heading">
        <div className="container-page">
          <h1 id="hero-heading" className="text-3xl font-bold md:text-4xl">
            {t("hero.title")}
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-800 dark:text-slate-200">{t("hero.body")}</p>
          <QuickSearch />
        </div>
      </section>

      {recommended.length > 0 ? (
        <section className="container-page mt-10" aria-labelledby="recommended-heading">
          <h2 id="recommended-heading" className="text-2xl font-semibold">
            {t("recommended")}
          </h2>
          <div className="mt-4">
            <PropertyGrid items={recommended} />
          </div>
        </section>
      ) : null}

      <section className="container-page mt-10" aria-labelledby="featured-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="featured-heading" className="text-2xl font-semibold">
            {t("featured.title")}
          </h2>
          <Link to="/listings?verified=1&available=1" className="link">
            {t("featured.all")}
          </Link>
        </div>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t("featured.body")}</p>
        <div className="mt-4">
          {featured.length > 0 ? <PropertyGrid items={featured} priorityFirst={recommended.length === 0} /> : <p>{t("featured.empty")}</p>}
        </div>
      </section>

      <section className="container-page mt-12" aria-labelledby="neighbourhoods-heading">
        <h2 id="neighbourhoods-heading" className="text-2xl font-semibold">
          {t("neighbourhoods.title")}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {neighbourhoods.map((n) => (
            <li key={n.neighbourhood}>
              <Link
                to={`/listings?${new URLSearchParams({ n: n.neighbourhood, available: "1" })}`}
                className="card flex h-full flex-col p-3 hover:border-brand-500"
              >
                <span className="font-semibold">{n.neighbourhood}</span>
                <span className="text-sm text-slate-700 dark:text-slate-300">{t("neighbourhoods.count", { count: n.count })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section className="container-page mt-12" aria-labelledby="guest-houses-heading">
        <div className="card flex flex-col gap-4 bg-sun-400/20 p-6 md:flex-row md:items-center md:justify-between dark:bg-slate-900">
          <div>
            <h2 id="guest-houses-heading" className="text-2xl font-semibold">
              {t("guestHouses.title")}
            </h2>
            <p className="mt-2 max-w-2xl text-slate-800 dark:text-slate-200">{t("guestHouses.body")}</p>
          </div>
          <Link to="/guest-houses" className="btn-primary shrink-0">
            {t("guestHouses.cta")}
          </Link>
        </div>
      </section>

      <section className="container-page mt-12" aria-labelledby="how-heading">
        <h2 id="how-heading" className="text-2xl font-semibold">
          {t("how.title")}
        </h2>
        <ol className="mt-4 grid gap-4 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step} className="card p-5">
              <p className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">
                {i + 1}
              </p>
              <h3 className="mt-3 text-lg font-semibold">{t(`how.${step}.title`)}</h3>
              <p className="mt-1 text-slate-700 dark:text-slate-300">{t(`how.${step}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      {posts.length > 0 ? (
        <section className="container-page mt-12" aria-labelledby="posts-heading">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="posts-heading" className="text-2xl font-semibold">
              {t("blog:latest")}
            </h2>
            <Link to="/blog" className="link">
              {t("blog:allPosts")}
            </Link>
          </div>
          <ul className="mt-4 grid gap-4 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.slug} className="flex">
                <BlogCard post={post} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

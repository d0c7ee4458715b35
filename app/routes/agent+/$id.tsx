// An agent's public profile: card, listings and reviews. A student with a confirmed viewing with
// this agent may rate it (once per viewing); the agent may answer each review once.
import { agentForViewer } from "#domain/listings/agent-contact";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { usePersonName } from "~/utils/person-name";
import { listReviewsForAgent, reviewableViewings, type AgentReviewItem } from "#domain/reviews/reviews.queries";
import { rateAgent } from "#domain/reviews/rate-agent.use-case";
import { replyToReview } from "#domain/reviews/reply-to-review.use-case";
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX, REVIEW_REPLY_MAX } from "#domain/reviews/review.entity";
import { currentPath, getOptionalUser, requireUser } from "~/utils/auth.server";
import { redirectWithToast } from "~/utils/toast.server";
import { i18next } from "~/i18next.server";
import { formatDate } from "~/utils/format";
import { seoMeta, type PageSeo } from "~/utils/seo";
import { AgentContactLinks, AgentSummary, agentDisplayName } from "~/components/listings/agent-card";
import { PropertyGrid } from "~/components/listings/property-card";
import { errorProps, Field, FormAlert, failureFor } from "~/components/forms/form-bits";
import { rateAgentSchema, replySchema } from "~/components/listings/schemas";
import { domainFailure, parseForm } from "~/utils/form-failure.server";
import { readFormData } from "~/utils/form-data.server";
import { cleanKey } from "~/utils/clean-key";
import { listingIsPublishable } from "#domain/listings/public-listing";

export const handle = { i18n: ["listings"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => seoMeta(data?.seo, matches);

/** The agent id from the URL; one with control characters is a 404 (PostgreSQL refuses a NUL: a 500). */
function agentId(params: { id?: string }): string {
  const id = cleanKey(params.id, 100);
  if (id === null) throw new Response(null, { status: 404 });
  return id;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const id = agentId(params);
  const { listings } = context.services;
  const agent = await listings.agents.findAgent(id);
  // Only approved agents have a public page.
  if (!agent || !agent.verified) throw new Response(null, { status: 404 });

  const user = await getOptionalUser(context, request);
  const [reviews, own, viewings] = await Promise.all([
    listReviewsForAgent(context.services.reviews, id),
    listings.search.listingsForAgent(id),
    user && user.id !== id ? reviewableViewings(context.services.reviews, user.id) : Promise.resolve([]),
  ]);
  const t = await i18next.getFixedT(request, "listings");
  const name = agentDisplayName(agent);
  const seo: PageSeo = {
    title: t("seo.agentTitle", { name }),
    description: t("seo.agentDescription", { name, count: agent.listingCount }),
    path: `/agent/${encodeURIComponent(id)}`,
  };
  return {
    // The direct number is for the agent themselves; students get it on a listing they booked a
    // visit on, everyone else writes through KamerNest's messages (decision 0201).
    agent: agentForViewer(agent, user?.id === id),
    reviews,
    // The agent's page is public: only what PUBLIC_LISTING lets anyone see (the agent is approved here).
    listings: own.filter((p) => listingIsPublishable({ hidden: p.hiddenAt !== null, photoCount: p.photoCount })),
    viewings: viewings
      .filter((v) => v.agentId === id)
      .map((v) => ({ bookingId: v.bookingId, propertyTitle: v.propertyTitle, visitDate: v.visitDate })),
    canReply: user?.id === id,
    seo,
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const id = agentId(params);
  const formData = await readFormData(request);
  const deps = context.services.reviews;
  const here = currentPath(request);

  switch (formData.get("intent")) {
    case "review": {
      const parsed = parseForm(formData, rateAgentSchema, "review");
      if (!parsed.ok) return parsed.response;
      const result = await rateAgent(deps, {
        studentId: user.id,
        bookingId: parsed.value.bookingId,
        rating: parsed.value.rating,
        comment: parsed.value.comment,
      });
      if (!result.ok) return domainFailure(request, formData, "review", result.error);
      return redirectWithToast(context, request, here, { kind: "success", title: "listings:toasts.reviewPosted" });
    }
    case "reply": {
      const parsed = parseForm(formData, replySchema, "reply");
      if (!parsed.ok) return parsed.response;
      // Only the agent of this page answers its reviews: the use case checks the review is theirs.
      if (user.id !== id) throw new Response(null, { status: 403 });
      const result = await replyToReview(deps, { agentId: user.id, reviewId: parsed.value.reviewId, reply: parsed.value.reply });
      if (!result.ok) return domainFailure(request, formData, "reply", result.error);
      return redirectWithToast(context, request, here, { kind: "success", title: "listings:toasts.replyPosted" });
    }
    default:
      throw new Response(null, { status: 400 });
  }
}

function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("listings");
  return (
    <span className="inline-flex items-center gap-1">
      <span aria-hidden="true" className="tracking-tight text-amber-700 dark:text-sun-400">
        {"★".repeat(rating)}
        <span className="text-slate-400 dark:text-slate-600">{"★".repeat(RATING_MAX - rating)}</span>
      </span>
      <span className="sr-only">{t("agentProfile.stars", { rating })}</span>
    </span>
  );
}

function RateForm({ viewings }: { viewings: Array<{ bookingId: string; propertyTitle: string; visitDate: string }> }) {
  const { t, i18n } = useTranslation("listings");
  const failure = failureFor(useActionData(), "review");
  const ratings = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MAX - i);
  return (
    <section aria-labelledby="rate-heading" className="card mt-6 p-5">
      <h2 id="rate-heading" className="text-xl font-semibold">
        {t("agentProfile.rateTitle")}
      </h2>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("agentProfile.rateIntro")}</p>
      <Form method="post" className="mt-4 space-y-4" preventScrollReset>
        <FormAlert message={failure?.formError} />
        <input type="hidden" name="intent" value="review" />
        <Field id="review-booking" label={t("agentProfile.viewing")} error={failure?.fieldErrors.bookingId}>
          <select
            id="review-booking"
            name="bookingId"
            required
            defaultValue={failure?.values.bookingId ?? viewings[0]?.bookingId}
            className="input"
          >
            {viewings.map((v) => (
              <option key={v.bookingId} value={v.bookingId}>
                {t("agentProfile.viewingOption", { title: v.propertyTitle, date: formatDate(`${v.visitDate}T12:00:00Z`, i18n.language) })}
              </option>
            ))}
          </select>
        </Field>
        <fieldset aria-describedby={failure?.fieldErrors.rating ? "review-rating-error" : undefined}>
          <legend className="label">{t("agentProfile.rating")}</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {ratings.map((r) => (
              <label key={r} className="flex min-h-8 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="rating"
                  value={r}
                  required
                  defaultChecked={failure?.values.rating === String(r)}
                  className="h-5 w-5 accent-brand-600"
                />
                {t("agentProfile.ratingOption", { count: r })}
              </label>
            ))}
          </div>
          {failure?.fieldErrors.rating ? (
            <p id="review-rating-error" className="field-error">
              {t(failure.fieldErrors.rating)}
            </p>
          ) : null}
        </fieldset>
        <Field id="review-comment" label={t("agentProfile.comment")} error={failure?.fieldErrors.comment}>
          <textarea
            id="review-comment"
            name="comment"
            rows={3}
            maxLength={REVIEW_COMMENT_MAX}
            defaultValue={failure?.values.comment ?? ""}
            className="input"
            {...errorProps("review-comment", failure?.fieldErrors.comment)}
          />
        </Field>
        <button type="submit" className="btn-primary">
          {t("agentProfile.submitReview")}
        </button>
      </Form>
    </section>
  );
}

function ReplyForm({ reviewId }: { reviewId: string }) {
  const { t } = useTranslation("listings");
  const failed = failureFor(useActionData(), "reply");
  const failure = failed?.values.reviewId === reviewId ? failed : null;
  const fieldId = `reply-${reviewId}`;
  return (
    <Form method="post" className="mt-3 space-y-2" preventScrollReset>
      <FormAlert message={failure?.formError} />
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={reviewId} />
      <Field id={fieldId} label={t("agentProfile.replyLabel")} error={failure?.fieldErrors.reply}>
        <textarea
          id={fieldId}
          name="reply"
          rows={2}
          required
          maxLength={REVIEW_REPLY_MAX}
          defaultValue={failure?.values.reply ?? ""}
          className="input"
          {...errorProps(fieldId, failure?.fieldErrors.reply)}
        />
      </Field>
      <button type="submit" className="btn-secondary">
        {t("agentProfile.submitReply")}
      </button>
    </Form>
  );
}

function Review({ review, canReply }: { review: AgentReviewItem; canReply: boolean }) {
  const { t, i18n } = useTranslation("listings");
  const personName = usePersonName();
  return (
    <li className="card p-4">
      <article
        aria-label={t("agentProfile.reviewBy", { name: personName(review.studentName), date: formatDate(review.createdAt, i18n.language) })}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Stars rating={review.rating} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t("agentProfile.reviewBy", { name: personName(review.studentName), date: formatDate(review.createdAt, i18n.language) })}
          </p>
        </div>
        {review.comment ? <p className="mt-2 whitespace-pre-line">{review.comment}</p> : null}
        {review.reply ? (
          <div className="mt-3 border-l-4 border-brand-500 pl-3">
            <p className="text-sm font-semibold">
              {t("agentProfile.reply", { date: review.repliedAt ? formatDate(review.repliedAt, i18n.language) : "" })}
            </p>
            <p className="mt-1 whitespace-pre-line">{review.reply}</p>
          </div>
        ) : canReply ? (
          <ReplyForm reviewId={review.id} />
        ) : null}
      </article>
    </li>
  );
}

export default function AgentProfilePage() {
  const { agent, reviews, listings, viewings, canReply } = useLoaderData<typeof loader>();
  const { t } = useTranslation("listings");
  const name = agentDisplayName(agent);
  return (
    <div className="container-page py-8">
      <section className="card p-5" aria-label={name}>
        <AgentSummary agent={agent} headingLevel={1} />
        <div className="mt-4">
          <AgentContactLinks agent={agent} whatsappText={t("agent.whatsappProfileText")} hiddenNote={t("agent.numberOnListings")} />
        </div>
      </section>

      {viewings.length > 0 ? <RateForm viewings={viewings} /> : null}

      <section aria-labelledby="reviews-heading" className="mt-8">
        <h2 id="reviews-heading" className="text-xl font-semibold">
          {t("agentProfile.reviews")}
        </h2>
        {reviews.items.length === 0 ? (
          <p className="mt-3">{t("agentProfile.noReviews")}</p>
        ) : (
          <ul className="mt-4 space-y-3">
            {reviews.items.map((r) => (
              <Review key={r.id} review={r} canReply={canReply} />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="agent-listings-heading" className="mt-8">
        <h2 id="agent-listings-heading" className="text-xl font-semibold">
          {t("agentProfile.listings")}
        </h2>
        {listings.length === 0 ? (
          <p className="mt-3">{t("agentProfile.noListings")}</p>
        ) : (
          <div className="mt-4">
            <PropertyGrid items={listings} />
          </div>
        )}
      </section>
    </div>
  );
}

// /agents/properties (My Properties): the agent's own properties, newest first, paginated, with
// status, verification, views, bookings and when availability was last confirmed; the quick
// status buttons and "Still available" are plain POST forms. Closing a listing (Sold, Unavailable,
// Rented out) asks first: a dialog with JavaScript, /agents/properties/{id}/close without.
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { PROPERTY_STATUSES, type PropertyStatus } from "#domain/listings/buea";
import { isClosingStatus } from "#domain/property-management/managed-property.entity";
import { changePropertyStatus, confirmAvailability, listMyProperties } from "#domain/property-management/manage-property.use-cases";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { FormAlert } from "~/components/forms/form-fields";
import { Pagination } from "~/components/listings/pagination";
import { Photo } from "~/components/photo";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { StatusBadge, VerificationBadge } from "~/components/portal/property-badges";
import { listActionSchema } from "~/components/portal/property-schema";
import { badForm, refused, type PortalActionError } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { formatDate, formatXaf } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { needsPhotoToPublish } from "#domain/listings/public-listing";

export const handle = { i18n: ["auth", "portal", "listings"] };
export const meta = titleMeta;

function pageOf(raw: FormDataEntryValue | string | null): number {
  const n = typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const page = await listMyProperties(context.services.properties, user.id, pageOf(new URL(request.url).searchParams.get("page")));
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("portal.agent.pages.properties.title"),
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
    items: page.items.map((p) => ({
      ...p,
      hiddenAt: p.hiddenAt?.toISOString() ?? null,
      needsPhoto: needsPhotoToPublish(p.photoCount),
      availabilityConfirmedAt: p.availabilityConfirmedAt?.toISOString() ?? null,
      createdAt: p.createdAt.toISOString(),
      cover: p.cover ? { storageKey: p.cover.storageKey, width: p.cover.width, height: p.cover.height, alt: p.title } : null,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: listActionSchema });
  if (submission.status !== "success") return badForm(request);
  const back = `/agents/properties${pageOf(formData.get("page")) > 1 ? `?page=${pageOf(formData.get("page"))}` : ""}`;
  const input = submission.value;
  const { properties } = context.services;
  if (input.intent === "status") {
    const result = await changePropertyStatus(properties, { agentId: user.id, propertyId: input.propertyId, status: input.status });
    if (!result.ok) return refused(request, result.error);
    return redirectWithToast(context, request, back, {
      kind: "success",
      title: "portal:toasts.statusChanged",
      params: { title: result.value.title },
    });
  }
  const result = await confirmAvailability(properties, { agentId: user.id, propertyId: input.propertyId });
  if (!result.ok) return refused(request, result.error);
  return redirectWithToast(context, request, back, {
    kind: "success",
    title: "portal:toasts.availabilityConfirmed",
    params: { title: result.value.title },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

export default function AgentPropertiesPage() {
  const { t } = useTranslation(["auth", "portal"]);
  const { items, page, pageCount, total } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PortalActionError | undefined;
  return (
    <PortalLayout portal="agent" title={t("portal.agent.pages.properties.title")} intro={t("portal.agent.pages.properties.intro")}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("portal:list.count", { count: total })}</p>
        <Link to="/agents/new-property" className="btn-primary">
          {t("portal:list.add")}
        </Link>
      </div>
      {actionData?.formError ? <FormAlert id="properties-error" errors={[actionData.formError]} /> : null}
      {items.length === 0 ? (
        <div className="card p-6">
          <p>{t("portal:list.empty")}</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <PropertyRow key={item.id} item={item} page={page} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => (p > 1 ? `/agents/properties?page=${p}` : "/agents/properties")} />
    </PortalLayout>
  );
}

function PropertyRow({ item, page }: { item: Row; page: number }) {
  const { t, i18n } = useTranslation("portal");
  const id = encodeURIComponent(item.id);
  const others = PROPERTY_STATUSES.filter((s) => s !== item.status);
  const hidden = { page: String(page) };
  return (
    <li className="card p-4" data-testid="portal-property">
      <div className="flex flex-col gap-4 sm:flex-row">
        <div className="w-full shrink-0 overflow-hidden rounded sm:w-40">
          {item.cover ? (
            <Photo photo={item.cover} sizes="160px" maxWidth={320} />
          ) : (
            <div className="flex h-24 items-center justify-center bg-slate-100 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
              {t("list.noPhoto")}
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-semibold">
            <Link to={`/agents/properties/${id}/edit`} className="link">
              {item.title}
            </Link>
          </h2>
          <p className="mt-1 flex flex-wrap gap-2">
            <StatusBadge status={item.status} />
            <VerificationBadge verified={item.isVerified} />
            {item.needsPhoto ? (
              <span className="text-xs font-semibold text-amber-900 dark:text-amber-200" data-testid="needs-photo">
                {t("list.needsPhoto")}
              </span>
            ) : null}
            {item.hiddenAt ? <span className="text-xs font-semibold text-red-800 dark:text-red-300">{t("list.hidden")}</span> : null}
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t("list.rent")}</dt>
              <dd>{formatXaf(item.monthlyRent)}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t("list.views")}</dt>
              <dd>{item.views}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t("list.bookings")}</dt>
              <dd>{item.bookings}</dd>
            </div>
            <div>
              <dt className="text-slate-600 dark:text-slate-400">{t("list.confirmedAt")}</dt>
              <dd data-testid="confirmed-at">
                {item.availabilityConfirmedAt ? formatDate(item.availabilityConfirmedAt, i18n.language) : t("list.never")}
              </dd>
            </div>
          </dl>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            {item.status === "available" ? (
              <Form method="post" action="/agents/properties">
                <input type="hidden" name="intent" value="confirm" />
                <input type="hidden" name="propertyId" value={item.id} />
                <input type="hidden" name="page" value={page} />
                <button type="submit" className="btn-primary">
                  {t("list.stillAvailable")}
                </button>
              </Form>
            ) : null}
            <span className="text-sm text-slate-600 dark:text-slate-400">{t("list.markAs")}</span>
            {others.map((status) =>
              isClosingStatus(status) ? (
                <ConfirmAction
                  key={status}
                  confirmHref={`/agents/properties/${id}/close?status=${status}`}
                  action="/agents/properties"
                  fields={{ intent: "status", propertyId: item.id, status, ...hidden }}
                  trigger={t(`status.${status}`)}
                  title={t("close.title", { title: item.title })}
                  body={t("close.body", { status: t(`status.${status}`) })}
                  confirmLabel={t("close.confirm", { status: t(`status.${status}`) })}
                />
              ) : (
                <StatusButton key={status} id={item.id} status={status} page={page} />
              ),
            )}
            <Link to={`/agents/properties/${id}/edit`} className="btn-secondary">
              {t("list.edit")}
            </Link>
          </div>
        </div>
      </div>
    </li>
  );
}

function StatusButton({ id, status, page }: { id: string; status: PropertyStatus; page: number }) {
  const { t } = useTranslation("portal");
  return (
    <Form method="post" action="/agents/properties">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="propertyId" value={id} />
      <input type="hidden" name="status" value={status} />
      <input type="hidden" name="page" value={page} />
      <button type="submit" className="btn-secondary">
        {t(`status.${status}`)}
      </button>
    </Form>
  );
}

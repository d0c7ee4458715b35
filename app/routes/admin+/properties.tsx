// /admin/properties: every listing, unverified first, filtered (all, unverified, verified, hidden,
// reported), paginated. Verify and unverify are plain POST forms; hiding asks first (a dialog with
// JavaScript, /admin/properties/{id}/hide without); "Show again" restores a hidden listing and
// closes its open reports. Every decision is audited (domain/property-moderation). "Edit" opens
// /admin/properties/{id}/edit (the agent's form, decision 0129).
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import {
  hideProperty,
  listPropertiesForModeration,
  restoreProperty,
  setPropertyVerified,
} from "#domain/property-moderation/moderate-property.use-cases";
import { MODERATION_FILTERS, isModerationFilter, type ModerationFilter } from "#domain/property-moderation/property-moderation.port";
import { isPropertyStatus } from "#domain/property-management/managed-property.entity";
import { propertyModerationSchema } from "~/components/admin/moderation-schema";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { Pagination } from "~/components/listings/pagination";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { StatusBadge, VerificationBadge } from "~/components/portal/property-badges";
import { badForm, refused, type PortalActionError } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { listCountText } from "~/utils/list-count.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate, formatXaf } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "portal", "moderation", "listings"] };
export const meta = titleMeta;

function pageOf(raw: FormDataEntryValue | string | null): number {
  const n = typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}
const filterOf = (raw: FormDataEntryValue | string | null): ModerationFilter => (isModerationFilter(raw) ? raw : "all");

export function propertiesHref(filter: ModerationFilter, page: number): string {
  const q = new URLSearchParams();
  if (filter !== "all") q.set("filter", filter);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `/admin/properties?${s}` : "/admin/properties";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const filter = filterOf(url.searchParams.get("filter"));
  const page = await listPropertiesForModeration(context.services.moderation, { filter, page: pageOf(url.searchParams.get("page")) });
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("portal.admin.pages.properties.title"),
    filter,
    page: page.page,
    pageCount: page.pageCount,
    total: page.total,
    totalIsCapped: page.totalIsCapped,
    countText: await listCountText(request, "moderation", "properties.count", page),
    items: page.items.map((p) => ({ ...p, hiddenAt: p.hiddenAt?.toISOString() ?? null, createdAt: p.createdAt.toISOString() })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: propertyModerationSchema });
  if (submission.status !== "success") return badForm(request);
  const back = propertiesHref(filterOf(formData.get("filter")), pageOf(formData.get("page")));
  const input = submission.value;
  const deps = context.services.moderation;
  const base = { adminId: admin.id, propertyId: input.propertyId };
  const result =
    input.intent === "verify" || input.intent === "unverify"
      ? await setPropertyVerified(deps, { ...base, verified: input.intent === "verify" })
      : input.intent === "hide"
        ? await hideProperty(deps, { ...base, reason: input.reason })
        : await restoreProperty(deps, { ...base, reason: input.reason }).then((r) =>
            r.ok ? { ok: true as const, value: r.value.property } : r,
          );
  if (!result.ok) return refused(request, result.error);
  return redirectWithToast(context, request, back, {
    kind: "success",
    title: `moderation:toasts.${input.intent}`,
    params: { title: result.value.title },
  });
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["items"][number];

export default function AdminPropertiesPage() {
  const { t } = useTranslation(["auth", "moderation"]);
  const { items, filter, page, pageCount, countText } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PortalActionError | undefined;
  return (
    <PortalLayout portal="admin" title={t("portal.admin.pages.properties.title")} intro={t("portal.admin.pages.properties.intro")}>
      <nav aria-label={t("moderation:properties.filterLabel")} className="mb-4 flex flex-wrap gap-2">
        {MODERATION_FILTERS.map((f) => (
          <Link
            key={f}
            to={propertiesHref(f, 1)}
            aria-current={f === filter ? "page" : undefined}
            className={f === filter ? "btn-primary" : "btn-secondary"}
          >
            {t(`moderation:properties.filters.${f}`)}
          </Link>
        ))}
      </nav>
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{countText}</p>
      {actionData?.formError ? <FormAlert id="moderation-error" errors={[actionData.formError]} /> : null}
      {items.length === 0 ? (
        <p className="card p-6">{t("moderation:properties.empty")}</p>
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <PropertyRow key={item.id} item={item} filter={filter} page={page} />
          ))}
        </ul>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={(p) => propertiesHref(filter, p)} />
    </PortalLayout>
  );
}

function PropertyRow({ item, filter, page }: { item: Row; filter: ModerationFilter; page: number }) {
  const { t, i18n } = useTranslation("moderation");
  const back = { filter, page: String(page) };
  const id = encodeURIComponent(item.id);
  return (
    <li className="card p-4" data-testid="admin-property">
      <h2 className="text-lg font-semibold">
        {item.hiddenAt ? (
          item.title
        ) : (
          <Link to={`/listings/${id}`} className="link">
            {item.title}
          </Link>
        )}
      </h2>
      <p className="mt-1 flex flex-wrap items-center gap-2">
        {isPropertyStatus(item.status) ? <StatusBadge status={item.status} /> : null}
        <VerificationBadge verified={item.isVerified} />
        {item.hiddenAt ? (
          <span className="text-xs font-semibold text-red-800 dark:text-red-300">
            {t("properties.hidden", { date: formatDate(item.hiddenAt, i18n.language) })}
          </span>
        ) : null}
        {item.openReports > 0 ? (
          <Link to="/admin/listing-reports" className="text-xs font-semibold text-amber-900 underline dark:text-amber-200">
            {t("properties.openReports", { count: item.openReports })}
          </Link>
        ) : null}
      </p>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("properties.agent")}</dt>
          <dd>{item.agentName}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("properties.neighbourhood")}</dt>
          <dd>{item.neighbourhood}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("properties.rent")}</dt>
          <dd>{formatXaf(item.monthlyRent)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">{t("properties.created")}</dt>
          <dd>{formatDate(item.createdAt, i18n.language)}</dd>
        </div>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Link to={`/admin/properties/${id}/edit`} className="btn-secondary">
          {t("properties.edit", { title: item.title })}
        </Link>
        <IntentButton
          intent={item.isVerified ? "unverify" : "verify"}
          propertyId={item.id}
          back={back}
          label={t(item.isVerified ? "properties.unverify" : "properties.verify", { title: item.title })}
          primary={!item.isVerified}
        />
        {item.hiddenAt ? (
          <IntentButton intent="restore" propertyId={item.id} back={back} label={t("properties.restore", { title: item.title })} />
        ) : (
          <ConfirmAction
            confirmHref={`/admin/properties/${id}/hide`}
            action="/admin/properties"
            fields={{ intent: "hide", propertyId: item.id, ...back }}
            trigger={t("properties.hide")}
            title={t("hide.title", { title: item.title })}
            body={t("hide.body")}
            confirmLabel={t("hide.confirm")}
          />
        )}
      </div>
    </li>
  );
}

/** A one-button POST form carrying the list's filter and page, so the redirect comes back here. */
export function IntentButton({
  intent,
  propertyId,
  back,
  label,
  primary = false,
  action = "/admin/properties",
}: {
  intent: string;
  propertyId: string;
  back: Record<string, string>;
  label: string;
  primary?: boolean;
  action?: string;
}) {
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="propertyId" value={propertyId} />
      {Object.entries(back).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={primary ? "btn-primary" : "btn-secondary"}>
        {label}
      </button>
    </Form>
  );
}

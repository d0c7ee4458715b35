// /admin/audit: the audit log, newest first, 25 a page, filtered by admin, action and dates (days
// in Buea, both included). A plain GET form: works without JavaScript, every view has its URL.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { FilterDate, FilterSelect } from "~/components/filters/filter-fields";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { auditFilterChoices, auditFilterFrom, readAuditLog } from "#domain/accounts/admin-users.queries";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { AuditEntries, useActionLabel } from "~/components/admin/audit-entries";
import { toAuditViews } from "~/routes/admin+/audit-view.server";
import { Pagination } from "~/components/listings/pagination";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { listPage } from "~/utils/list-url";

export const handle = { i18n: ["auth", "admin-users", "listings"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const query = { actor: params.get("actor"), action: params.get("action"), from: params.get("from"), to: params.get("to") };
  const filter = auditFilterFrom(query);
  const { auditLog, accounts } = context.services.accounts.repos;
  const [found, choices] = await Promise.all([readAuditLog(auditLog, filter, listPage(url)), auditFilterChoices(auditLog, accounts)]);
  const t = await i18next.getFixedT(request, "admin-users");
  return {
    title: t("audit.title"),
    // What the form shows: only values the filter kept.
    form: {
      actor: filter.actorId ?? "",
      action: filter.action ?? filter.actionPrefix ?? "",
      from: filter.from ? query.from!.trim() : "",
      to: filter.to ? query.to!.trim() : "",
    },
    actors: choices.actors,
    actions: choices.actions,
    page: found.page,
    pageCount: found.pageCount,
    total: found.total,
    entries: await toAuditViews(found.items, accounts),
  };
}

export default function AdminAuditPage() {
  const { t } = useTranslation(["admin-users", "auth"]);
  const label = useActionLabel();
  const { form, actors, actions, page, pageCount, total, entries } = useLoaderData<typeof loader>();
  const prefixes = [...new Set(actions.map((a) => a.slice(0, a.indexOf(".") + 1)).filter((p) => p !== ""))];
  const hrefFor = (p: number) => {
    const query = new URLSearchParams(Object.entries(form).filter(([, v]) => v !== ""));
    if (p > 1) query.set("page", String(p));
    const s = query.toString();
    return `/admin/audit${s ? `?${s}` : ""}`;
  };
  return (
    <PortalLayout portal="admin" title={t("audit.title")} intro={t("audit.intro")}>
      <Form method="get" className="card mb-4 grid gap-3 p-4 md:grid-cols-5 md:items-end">
        <FilterSelect
          id="audit-actor"
          name="actor"
          label={t("audit.actorLabel")}
          value={form.actor}
          anyLabel={t("audit.anyActor")}
          options={actors.map((a) => ({ value: a.id, label: a.name }))}
        />
        <FilterSelect
          id="audit-action"
          name="action"
          label={t("audit.actionLabel")}
          value={form.action}
          anyLabel={t("audit.anyAction")}
          options={[
            ...prefixes.map((p) => ({ value: p, label: t("audit.prefix", { prefix: p.slice(0, -1) }) })),
            ...actions.map((a) => ({ value: a, label: label(a) })),
          ]}
        />
        <FilterDate id="audit-from" name="from" label={t("audit.fromLabel")} value={form.from} />
        <FilterDate id="audit-to" name="to" label={t("audit.toLabel")} value={form.to} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn-primary">
            {t("audit.filter")}
          </button>
          <Link to="/admin/audit" className="btn-secondary">
            {t("audit.clear")}
          </Link>
        </div>
      </Form>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" data-testid="audit-count">
        {t("audit.count", { count: total })}
      </p>
      {entries.length === 0 ? <p className="card p-5">{t("audit.empty")}</p> : <AuditEntries entries={entries} />}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("audit.pages")} />
    </PortalLayout>
  );
}

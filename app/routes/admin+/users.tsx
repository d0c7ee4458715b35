// /admin/users: every account, newest first, searched by name, e-mail or phone and filtered by
// role, 20 a page. A plain GET form, so the search works without JavaScript and every page has
// its own URL. Each name leads to the user's page, where an admin changes the role or suspends.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { searchUsers, USER_SEARCH_MAX, userSearchText } from "#domain/accounts/admin-users.queries";
import { isRole, ROLES } from "#domain/accounts/admin-users.use-case";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { RoleBadge, SuspendedBadge } from "~/components/admin/user-badges";
import { Pagination } from "~/components/listings/pagination";
import { i18next } from "~/i18next.server";
import { listCountText } from "~/utils/list-count.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate } from "~/utils/format";

export const handle = { i18n: ["auth", "admin-users", "listings"] };
export const meta = titleMeta;

function pageOf(raw: string | null): number {
  return raw && /^\d{1,5}$/.test(raw) ? Math.max(1, Number(raw)) : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const params = new URL(request.url).searchParams;
  const q = userSearchText(params.get("q"));
  const roleParam = params.get("role");
  const role = isRole(roleParam) ? roleParam : null;
  const found = await searchUsers(context.services.accounts.repos.accounts, { text: q, role, page: pageOf(params.get("page")) });
  const t = await i18next.getFixedT(request, "admin-users");
  return {
    title: t("users.title"),
    q,
    role,
    page: found.page,
    pageCount: found.pageCount,
    total: found.total,
    totalIsCapped: found.totalIsCapped,
    countText: await listCountText(request, "admin-users", "users.count", found),
    users: found.items.map((u) => ({
      id: u.id,
      name: u.fullName || u.email.split("@")[0],
      email: u.email,
      phone: u.phone,
      role: u.role,
      suspended: u.suspendedAt !== null,
      createdAt: u.createdAt.toISOString(),
    })),
  };
}

export default function AdminUsersPage() {
  const { t, i18n } = useTranslation(["admin-users", "auth"]);
  const { q, role, page, pageCount, countText, users } = useLoaderData<typeof loader>();
  const hrefFor = (p: number) => {
    const query = new URLSearchParams();
    if (q) query.set("q", q);
    if (role) query.set("role", role);
    if (p > 1) query.set("page", String(p));
    const s = query.toString();
    return `/admin/users${s ? `?${s}` : ""}`;
  };
  return (
    <PortalLayout portal="admin" title={t("users.title")} intro={t("users.intro")}>
      <Form method="get" className="card mb-4 flex flex-col gap-3 p-4 md:flex-row md:items-end" role="search">
        <div className="flex-1">
          <label htmlFor="users-q" className="label">
            {t("users.searchLabel")}
          </label>
          <input id="users-q" name="q" type="search" defaultValue={q} maxLength={USER_SEARCH_MAX} className="input" />
        </div>
        <div>
          <label htmlFor="users-role" className="label">
            {t("users.roleLabel")}
          </label>
          <select id="users-role" name="role" defaultValue={role ?? ""} className="input">
            <option value="">{t("users.anyRole")}</option>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary">
          {t("users.search")}
        </button>
      </Form>
      <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" data-testid="users-count">
        {countText}
      </p>
      {users.length === 0 ? (
        <p className="card p-5">{t("users.empty")}</p>
      ) : (
        <div className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("users.title")}</caption>
            <thead className="border-b border-slate-200 dark:border-slate-700">
              <tr>
                {(["name", "email", "phone", "role", "status", "joined"] as const).map((c) => (
                  <th key={c} scope="col" className="px-3 py-2 font-semibold">
                    {t(`users.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {users.map((u) => (
                <tr key={u.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="user-row">
                  <th scope="row" className="px-3 py-2 font-medium">
                    <Link to={`/admin/users/${encodeURIComponent(u.id)}`} className="link">
                      {u.name}
                    </Link>
                  </th>
                  <td className="break-all px-3 py-2">{u.email}</td>
                  <td className="px-3 py-2">{u.phone ?? "—"}</td>
                  <td className="px-3 py-2">
                    <RoleBadge role={u.role} />
                  </td>
                  <td className="px-3 py-2">
                    <SuspendedBadge suspended={u.suspended} />
                  </td>
                  <td className="px-3 py-2">{formatDate(u.createdAt, i18n.language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("users.pages")} />
    </PortalLayout>
  );
}

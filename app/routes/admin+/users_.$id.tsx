// /admin/users/{id}: one account: its details, the admin's actions on it (change the role, never
// to admin nor for an admin still in ADMIN_EMAILS; suspend, reactivate), and its bookings,
// payments, reports and audit trail. Suspending asks first: a dialog with JavaScript,
// /admin/users/{id}/suspend without. Every action is one plain POST here.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { userAuditTrail } from "#domain/accounts/admin-users.queries";
import { changeUserRole, reactivateUser, roleChangeable, suspendUser } from "#domain/accounts/admin-users.use-case";
import { displayName } from "#domain/accounts/account.entity";
import { listReportsFiledBy } from "#domain/reports/reports.queries";
import { userActionSchema } from "~/components/admin/admin-schemas";
import { AuditEntries } from "~/components/admin/audit-entries";
import { toAuditViews } from "~/routes/admin+/audit-view.server";
import { SuspendReasonField } from "~/components/admin/suspend-reason-field";
import { UserRoleForm } from "~/components/admin/user-role-form";
import { RoleBadge, SuspendedBadge } from "~/components/admin/user-badges";
import { FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { ConfirmAction } from "~/components/portal/confirm-action";
import { refused } from "~/utils/portal-forms.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { formatDate, formatDateTime, formatXaf } from "~/utils/format";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { notFound } from "~/utils/not-found.server";
import { usePersonName } from "~/utils/person-name";

export const handle = { i18n: ["auth", "admin-users", "portal", "data-rights"] };
export const meta = titleMeta;

const LIST_LIMIT = 20;
const TRAIL_LIMIT = 50;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const { repos, settings } = context.services.accounts;
  const account = await repos.accounts.findById(id);
  if (!account) throw notFound();
  const { money, listingReports } = context.services;
  const [agent, bookings, payments, reports, trail] = await Promise.all([
    repos.agents.findByUserId(id),
    money.views.studentBookings(id, LIST_LIMIT),
    money.views.studentPayments(id, LIST_LIMIT),
    listReportsFiledBy(listingReports, id, LIST_LIMIT),
    userAuditTrail(repos.auditLog, id, TRAIL_LIMIT),
  ]);
  const t = await i18next.getFixedT(request, "admin-users");
  return {
    title: t("user.title", { name: displayName(account) }),
    self: admin.id === account.id,
    roleChangeable: roleChangeable(settings, account),
    user: {
      id: account.id,
      name: displayName(account),
      email: account.email,
      phone: account.phone,
      role: account.role,
      language: account.language,
      emailConfirmed: account.emailConfirmedAt !== null,
      twoFactor: account.totpEnabledAt !== null,
      google: account.googleId !== null,
      createdAt: account.createdAt.toISOString(),
      suspendedAt: account.suspendedAt?.toISOString() ?? null,
      suspendedReason: account.suspendedReason,
      agentStatus: agent?.status ?? null,
    },
    bookings: bookings.map((b) => ({
      id: b.id,
      reference: b.reference,
      propertyId: b.propertyId,
      propertyTitle: b.propertyTitle,
      visit: `${b.visitDate} ${b.visitTime}`,
      status: b.bookingStatus,
      paymentStatus: b.paymentStatus,
      amount: b.paymentAmount,
    })),
    payments,
    reports: reports.map((r) => ({
      id: r.id,
      propertyId: r.propertyId,
      propertyTitle: r.propertyTitle,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
    trail: await toAuditViews(trail, repos.accounts),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = cleanKey(params.id);
  if (!id) throw notFound();
  const formData = await readFormOrNull(request);
  const submission = formData ? parseWithZod(formData, { schema: userActionSchema }) : null;
  if (!submission || submission.status !== "success") {
    const t = await i18next.getFixedT(request, ["admin-users", "auth", "common"]);
    const key = submission?.error ? Object.values(submission.error).flat()[0] : undefined;
    const message = key && /^[a-z-]+:errors\.[a-z_]+$/.test(key) ? t(key, { max: 500 }) : t("admin-users:errors.invalid_form");
    return data({ formError: message }, { status: 400 });
  }
  const input = submission.value;
  const deps = context.services.accounts;
  const target = { adminId: admin.id, userId: id };
  const result =
    input.intent === "role"
      ? await changeUserRole(deps, { ...target, role: input.role })
      : input.intent === "suspend"
        ? await suspendUser(deps, { ...target, reason: input.reason })
        : await reactivateUser(deps, target);
  if (!result.ok) return refused(request, result.error);
  const toast = { role: "roleChanged", suspend: "suspended", reactivate: "reactivated" }[input.intent];
  return redirectWithToast(context, request, `/admin/users/${encodeURIComponent(id)}`, {
    kind: "success",
    title: `admin-users:toasts.${toast}`,
  });
}

export default function AdminUserPage() {
  const { t, i18n } = useTranslation(["admin-users", "auth", "portal", "data-rights"]);
  const personName = usePersonName();
  const { user, self, roleChangeable, bookings, payments, reports, trail } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const id = encodeURIComponent(user.id);
  const yesNo = (v: boolean) => (v ? t("user.yes") : t("user.no"));
  const fields: [string, React.ReactNode][] = [
    ["email", <span className="break-all">{user.email}</span>],
    ["phone", user.phone ?? "—"],
    ["role", <RoleBadge role={user.role} />],
    ["status", <SuspendedBadge suspended={user.suspendedAt !== null} />],
    ["agentStatus", user.agentStatus ? t(`agentStatus.${user.agentStatus}`) : "—"],
    ["language", user.language === "fr" ? "Français" : "English"],
    ["emailConfirmed", yesNo(user.emailConfirmed)],
    ["twoFactor", yesNo(user.twoFactor)],
    ["google", yesNo(user.google)],
    ["joined", formatDate(user.createdAt, i18n.language)],
  ];
  return (
    <PortalLayout
      portal="admin"
      title={personName(user.name)}
      intro={
        <Link to="/admin/users" className="link">
          {t("user.back")}
        </Link>
      }
    >
      {actionData?.formError ? <FormAlert id="user-error" errors={[actionData.formError]} /> : null}
      <section aria-labelledby="user-account" className="card mb-6 p-5">
        <h2 id="user-account" className="text-lg font-semibold">
          {t("user.account")}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
          {fields.map(([field, value]) => (
            <div key={field} className="flex gap-2">
              <dt className="font-medium">{t(`user.fields.${field}`)}:</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {user.suspendedAt ? (
          <p className="mt-3 text-sm" data-testid="suspension">
            {t("user.suspendedSince", { date: formatDateTime(user.suspendedAt, i18n.language), reason: user.suspendedReason ?? "—" })}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="user-actions" className="card mb-6 p-5">
        <h2 id="user-actions" className="text-lg font-semibold">
          {t("user.actions")}
        </h2>
        {self ? (
          <p className="mt-2 text-sm">{t("user.selfNote")}</p>
        ) : (
          <div className="mt-3 flex flex-col gap-4 md:flex-row md:items-end">
            <UserRoleForm role={user.role} changeable={roleChangeable} />
            {user.suspendedAt ? (
              <Form method="post">
                <input type="hidden" name="intent" value="reactivate" />
                <button type="submit" className="btn-primary">
                  {t("user.reactivate")}
                </button>
              </Form>
            ) : user.role === "admin" ? (
              <p className="text-sm">{t("user.adminNote")}</p>
            ) : (
              <ConfirmAction
                confirmHref={`/admin/users/${id}/suspend`}
                action={`/admin/users/${id}`}
                fields={{ intent: "suspend" }}
                trigger={t("user.suspend")}
                triggerClassName="btn-danger"
                title={t("user.suspendTitle", { name: user.name })}
                body={t("user.suspendBody")}
                confirmLabel={t("user.suspendConfirm")}
                extra={<SuspendReasonField id="suspend-reason-dialog" />}
              />
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="user-data-requests" className="card mb-6 p-5">
        <h2 id="user-data-requests" className="text-lg font-semibold">
          {t("data-rights:adminRequest.section")}
        </h2>
        <p className="mt-1 text-sm">{t("data-rights:adminRequest.sectionBody")}</p>
        <p className="mt-3 flex flex-wrap gap-3">
          <Link to={`/admin/users/${id}/data`} className="btn-secondary">
            {t("data-rights:adminRequest.downloadLink")}
          </Link>
          {self ? null : (
            <Link to={`/admin/users/${id}/close`} className="btn-secondary">
              {t("data-rights:adminRequest.closeLink")}
            </Link>
          )}
        </p>
      </section>

      <section aria-labelledby="user-bookings" className="mb-6">
        <h2 id="user-bookings" className="mb-2 text-lg font-semibold">
          {t("user.bookings")}
        </h2>
        {bookings.length === 0 ? (
          <p className="card p-4 text-sm">{t("user.bookingsEmpty")}</p>
        ) : (
          <Table
            caption={t("user.bookings")}
            columns={["reference", "property", "visit", "status", "payment", "amount"].map((c) => t(`user.columns.${c}`))}
            rows={bookings.map((b) => [
              b.reference,
              <Link to={`/property/${encodeURIComponent(b.propertyId)}`} className="link">
                {b.propertyTitle}
              </Link>,
              b.visit,
              b.status,
              b.paymentStatus,
              formatXaf(b.amount),
            ])}
          />
        )}
      </section>

      <section aria-labelledby="user-payments" className="mb-6">
        <h2 id="user-payments" className="mb-2 text-lg font-semibold">
          {t("user.payments")}
        </h2>
        {payments.length === 0 ? (
          <p className="card p-4 text-sm">{t("user.paymentsEmpty")}</p>
        ) : (
          <Table
            caption={t("user.payments")}
            columns={["reference", "type", "amount", "status", "method", "date"].map((c) => t(`user.columns.${c}`))}
            rows={payments.map((p) => [
              p.reference,
              p.type,
              formatXaf(p.amount),
              p.status,
              p.method ?? "—",
              formatDateTime(p.createdAt, i18n.language),
            ])}
          />
        )}
      </section>

      <section aria-labelledby="user-reports" className="mb-6">
        <h2 id="user-reports" className="mb-2 text-lg font-semibold">
          {t("user.reports")}
        </h2>
        {reports.length === 0 ? (
          <p className="card p-4 text-sm">{t("user.reportsEmpty")}</p>
        ) : (
          <Table
            caption={t("user.reports")}
            columns={["property", "reason", "status", "date"].map((c) => t(`user.columns.${c}`))}
            rows={reports.map((r) => [
              <Link to={`/property/${encodeURIComponent(r.propertyId)}`} className="link">
                {r.propertyTitle}
              </Link>,
              r.reason,
              r.status,
              formatDate(r.createdAt, i18n.language),
            ])}
          />
        )}
      </section>

      <section aria-labelledby="user-trail">
        <h2 id="user-trail" className="mb-2 text-lg font-semibold">
          {t("user.trail")}
        </h2>
        {trail.length === 0 ? <p className="card p-4 text-sm">{t("user.trailEmpty")}</p> : <AuditEntries entries={trail} />}
        <p className="mt-3 text-sm">
          <Link to={`/admin/audit?actor=${id}`} className="link">
            {t("user.byThisUser")}
          </Link>
        </p>
      </section>
    </PortalLayout>
  );
}

function Table({ caption, columns, rows }: { caption: string; columns: string[]; rows: React.ReactNode[][] }) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-3 py-2 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b border-slate-100 last:border-0 dark:border-slate-800">
              {cells.map((cell, j) => (
                <td key={j} className="px-3 py-2">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

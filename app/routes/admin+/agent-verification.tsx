import { pendingAgentQueue } from "#domain/accounts/agent-documents.queries";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { approveAgent, rejectAgent } from "#domain/accounts/review-agent.use-case";
import { reviewAgentSchema } from "~/components/auth/auth-schemas";
import { ErrorList, FormAlert } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatDate } from "~/utils/format";
import { getLanguage } from "~/utils/preferences.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";
import { AdminVerificationTabs } from "~/components/admin/admin-verification-tabs";
import { ApproveForm } from "~/components/admin/approve-form";
import { HostVerificationQueue } from "~/components/admin/host-verification-queue";
import { loadHostQueue } from "~/routes/admin+/host-verification-queue.server";

export const handle = { i18n: ["auth", "hosting", "admin-users"] };
export const meta = titleMeta;

const QUEUE_LIMIT = 50;

// The review queues, one tab per kind of applicant (AdminVerificationTabs: agents, hosts): pending
// applicants, oldest submission first, their documents (viewed and downloaded through the admin-only
// resource routes), Approve and Reject-with-reason.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const language = await getLanguage(request);
  // ?tab=hosts: the host verification queue (issue 10), until the admin issue's queue screen exists.
  if (new URL(request.url).searchParams.get("tab") === "hosts") {
    return { title: t("portal.admin.pages.agentVerification.title"), agents: [], hosts: await loadHostQueue(context, language) };
  }
  const queue = await pendingAgentQueue(context.services.accounts.repos, QUEUE_LIMIT);
  const agents = queue.map(({ agent, account, documents }) => ({
    id: agent.userId,
    name: account?.fullName || account?.email || agent.userId,
    email: account?.email ?? "",
    businessName: agent.businessName,
    licenseNumber: agent.licenseNumber,
    specializations: agent.specializations,
    businessPhone: agent.businessPhone,
    businessEmail: agent.businessEmail,
    businessAddress: agent.businessAddress,
    websiteUrl: agent.websiteUrl,
    submittedAt: agent.submittedAt ? formatDate(agent.submittedAt, language) : null,
    documents: documents.map((d) => ({ id: d.id, name: d.originalName, sizeKb: Math.max(1, Math.round(d.sizeBytes / 1024)) })),
  }));
  return { title: t("portal.admin.pages.agentVerification.title"), agents, hosts: null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const submission = parseWithZod(await readFormData(request), { schema: reviewAgentSchema });
  if (submission.status !== "success") {
    const agentId = typeof submission.payload.agentId === "string" ? submission.payload.agentId : null;
    return data({ agentId, result: submission.reply() }, { status: 400 });
  }
  const input = submission.value;
  const result =
    input.intent === "approve"
      ? await approveAgent(context.services.accounts, { adminId: admin.id, agentId: input.agentId, overrideReason: input.overrideReason })
      : await rejectAgent(context.services.accounts, { adminId: admin.id, agentId: input.agentId, reason: input.reason });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return data({ agentId: input.agentId, result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return redirectWithToast(context, request, "/admin/agent-verification", {
    kind: "success",
    title: input.intent === "approve" ? "auth:toasts.agentApproved" : "auth:toasts.agentRejected",
  });
}

export default function AdminAgentVerificationPage() {
  const { t } = useTranslation(["auth", "admin-users"]);
  const { agents, hosts } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (hosts) {
    return (
      <PortalLayout portal="admin" title={t("portal.admin.pages.agentVerification.title")}>
        <AdminVerificationTabs current="hosts" />
        <HostVerificationQueue hosts={hosts} />
      </PortalLayout>
    );
  }
  return (
    <PortalLayout
      portal="admin"
      title={t("portal.admin.pages.agentVerification.title")}
      intro={t("portal.admin.pages.agentVerification.intro")}
    >
      <AdminVerificationTabs current="agents" />
      {actionData && !agents.some((a) => a.id === actionData.agentId) ? <FormAlert errors={actionData.result.error?.[""] ?? null} /> : null}
      {agents.length === 0 ? (
        <p className="card p-5">{t("portal.admin.pages.agentVerification.empty")}</p>
      ) : (
        <ul className="space-y-6">
          {agents.map((agent) => {
            const errors = actionData?.agentId === agent.id ? actionData.result.error : undefined;
            return (
              <li key={agent.id} className="card p-5" aria-labelledby={`agent-${agent.id}`}>
                <h2 id={`agent-${agent.id}`} className="text-lg font-semibold">
                  {agent.businessName ?? agent.name}
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {agent.name} · {agent.email}
                  {agent.submittedAt ? ` · ${t("portal.admin.pages.agentVerification.submitted", { date: agent.submittedAt })}` : null}
                </p>
                <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                  {(
                    [
                      ["licenseNumber", agent.licenseNumber],
                      ["businessPhone", agent.businessPhone],
                      ["businessEmail", agent.businessEmail],
                      ["businessAddress", agent.businessAddress],
                      ["websiteUrl", agent.websiteUrl],
                    ] as const
                  ).map(([field, value]) => (
                    <div key={field} className="flex gap-2">
                      <dt className="font-medium">{t(`verification.fields.${field}`)}:</dt>
                      <dd className="break-all">{value || "—"}</dd>
                    </div>
                  ))}
                  <div className="flex gap-2 sm:col-span-2">
                    <dt className="font-medium">{t("verification.fields.specializations")}:</dt>
                    <dd>
                      {agent.specializations.length
                        ? agent.specializations.map((s) => t(`verification.specializations.${s}`, { defaultValue: s })).join(", ")
                        : "—"}
                    </dd>
                  </div>
                </dl>
                <h3 className="mt-3 text-sm font-semibold">{t("portal.admin.pages.agentVerification.documents")}</h3>
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {agent.documents.length === 0 ? <li>{t("portal.admin.pages.agentVerification.noDocuments")}</li> : null}
                  {agent.documents.map((d) => {
                    const href = `/admin/agent-verification/${encodeURIComponent(agent.id)}/documents/${encodeURIComponent(d.id)}`;
                    return (
                      <li key={d.id} data-testid="agent-document">
                        {t("portal.admin.pages.agentVerification.document", { name: d.name, size: d.sizeKb })}{" "}
                        <a href={href} className="link" target="_blank" rel="noopener noreferrer">
                          {t("admin-users:verification.view", { name: d.name })}
                        </a>{" "}
                        ·{" "}
                        <a href={`${href}?download=1`} className="link" download={d.name}>
                          {t("admin-users:verification.download", { name: d.name })}
                        </a>
                      </li>
                    );
                  })}
                </ul>
                <FormAlert errors={errors?.[""] ?? null} />
                <div className="mt-4 grid gap-6 lg:grid-cols-2 lg:items-start">
                  <ApproveForm
                    id={`approve-${agent.id}`}
                    name={agent.businessName ?? agent.name}
                    hasDocuments={agent.documents.length > 0}
                    fields={{ agentId: agent.id }}
                    errors={errors}
                  />
                  <Form method="post" className="flex flex-1 flex-col gap-2 md:flex-row md:items-end">
                    <input type="hidden" name="agentId" value={agent.id} />
                    <div className="flex-1">
                      <label htmlFor={`reason-${agent.id}`} className="label">
                        {t("portal.admin.pages.agentVerification.reason")}
                      </label>
                      <input
                        id={`reason-${agent.id}`}
                        name="reason"
                        type="text"
                        required
                        maxLength={1000}
                        className="input"
                        aria-invalid={errors?.reason?.length ? true : undefined}
                        aria-describedby={errors?.reason?.length ? `reason-${agent.id}-error` : undefined}
                      />
                      <ErrorList id={`reason-${agent.id}-error`} errors={errors?.reason} />
                    </div>
                    <button type="submit" name="intent" value="reject" className="btn-danger">
                      {t("portal.admin.pages.agentVerification.reject")}
                    </button>
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </PortalLayout>
  );
}

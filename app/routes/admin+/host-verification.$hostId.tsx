// /admin/host-verification/{hostId}: one host's review. The POST approves a pending host, or
// rejects them with a reason (the audit row is written in the same transaction; the host is
// e-mailed in their language), then goes back to the host tab with a toast. A refusal (no reason,
// already reviewed) comes back on this page with its message and a 4xx.
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { approveHost, getHostForReview, rejectHost } from "#domain/hosting/host-verification.use-cases";
import { HostReviewCard } from "~/components/admin/host-verification-queue";
import { toHostQueueItem } from "~/routes/admin+/host-verification-queue.server";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { cleanKey } from "~/utils/clean-key";
import { reviewHostSchema } from "~/components/hosting/guest-house-schema";
import { badForm, refused } from "~/utils/host-area.server";
import { i18next } from "~/i18next.server";
import { requireAdmin } from "~/utils/auth.server";
import { getLanguage } from "~/utils/preferences.server";
import { redirectWithToast } from "~/utils/toast.server";
import { notFound } from "~/utils/not-found.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["auth", "hosting", "admin-users"] };
export const meta = titleMeta;

const QUEUE = "/admin/agent-verification?tab=hosts";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const hostId = cleanKey(params.hostId);
  const found = hostId ? await getHostForReview(context.services.hosting, hostId) : null;
  if (!found) throw notFound();
  const [t, language] = await Promise.all([i18next.getFixedT(request, "hosting"), getLanguage(request)]);
  return { title: t("admin.reviewTitle"), host: toHostQueueItem(found, language) };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const hostId = cleanKey(params.hostId);
  if (!hostId) throw notFound();
  const formData = await readFormOrNull(request);
  if (!formData) return badForm(request);
  const submission = parseWithZod(formData, { schema: reviewHostSchema });
  if (submission.status !== "success") {
    if (formData.get("intent") === "reject") return refused(request, { code: "hosting.reason_required", params: { max: 1000 } });
    if (formData.get("intent") !== "approve") return badForm(request);
    // Approving: not confirmed, or an override reason too long.
    return submission.error?.confirmed
      ? refused(request, { code: "auth.approval_not_confirmed" })
      : refused(request, { code: "hosting.approval_reason_too_long", params: { max: 1000 } });
  }
  const input = submission.value;
  const { hosting } = context.services;
  const result =
    input.intent === "approve"
      ? await approveHost(hosting, { adminId: admin.id, hostId, overrideReason: input.overrideReason })
      : await rejectHost(hosting, { adminId: admin.id, hostId, reason: input.reason });
  if (!result.ok) return refused(request, result.error);
  return redirectWithToast(context, request, QUEUE, {
    kind: "success",
    title: input.intent === "approve" ? "hosting:toasts.approved" : "hosting:toasts.rejected",
  });
}

export default function AdminHostReviewPage() {
  const { t } = useTranslation("hosting");
  const { host } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <PortalLayout portal="admin" title={t("admin.reviewTitle")}>
      <p className="mb-4">
        <Link to={QUEUE} className="link">
          {t("admin.backToQueue")}
        </Link>
      </p>
      <HostReviewCard host={host} formError={actionData?.formError ?? null} />
    </PortalLayout>
  );
}

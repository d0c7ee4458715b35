import { getFormProps, useForm } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { z } from "zod";
import { acceptAgentTerms, agentProfileFor, updateAgentProfile } from "#domain/accounts/update-agent-profile.use-case";
import { agentVerificationSchema } from "~/components/auth/auth-schemas";
import { SPECIALIZATIONS } from "~/components/auth/agent-fields";
import { FormAlert } from "~/components/forms/form-fields";
import { BusinessDetailsFields } from "~/components/auth/business-details-fields";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { formatDate } from "~/utils/format";
import { readFormOrNull } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["auth", "agent-profile"] };
export const meta = titleMeta;

// The business fields only, with the verification form's rules: a commission rate, a status or
// a payout schedule in the request is not part of the schema and never reaches the use case.
const agentProfileSchema = agentVerificationSchema.omit({ documents: true }).extend({ intent: z.literal("profile") });
const acceptTermsSchema = z.object({ intent: z.literal("accept-terms") });

type Specialization = (typeof SPECIALIZATIONS)[number];
/** Older rows hold free text ("student rooms"); the form's boxes use the verification's codes. */
const asSpecialization = (value: string): Specialization | null => {
  const code = value
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  return (SPECIALIZATIONS as readonly string[]).includes(code) ? (code as Specialization) : null;
};

// Approved agents only (requireAgent). A failure to read the profile shows SPEC's 'Failed to load
// agent data' instead of an error page, so the portal's navigation stays usable.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const t = await i18next.getFixedT(request, "agent-profile");
  let agent: Awaited<ReturnType<typeof agentProfileFor>> = null;
  try {
    agent = await agentProfileFor(context.services.accounts, user.id);
  } catch (error) {
    context.services.log.error({ err: error, userId: user.id }, "[agent-profile] could not load");
  }
  if (!agent)
    return {
      title: t("title"),
      profile: null,
      loadFailed: t("loadFailed"),
      userId: user.id,
      constraint: constraintsOf(agentProfileSchema),
    };
  return {
    title: t("title"),
    constraint: constraintsOf(agentProfileSchema),
    loadFailed: null,
    userId: user.id,
    profile: {
      status: agent.status,
      commissionRate: agent.commissionRate,
      payoutSchedule: agent.payoutSchedule,
      termsAcceptedAt: agent.termsAcceptedAt?.toISOString() ?? null,
      details: {
        businessName: agent.businessName ?? "",
        licenseNumber: agent.licenseNumber ?? "",
        specializations: [...new Set(agent.specializations.map(asSpecialization).filter((s): s is Specialization => s !== null))],
        businessPhone: agent.businessPhone ?? "",
        businessEmail: agent.businessEmail ?? "",
        businessAddress: agent.businessAddress ?? "",
        websiteUrl: agent.websiteUrl ?? "",
      },
    },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const formData = await readFormOrNull(request);
  // Not a form at all.
  if (!formData)
    return data(parseWithZod(new FormData(), { schema: agentProfileSchema }).reply({ formErrors: ["auth:errors.bad_form"] }), {
      status: 400,
    });
  const deps = context.services.accounts;

  if (formData.get("intent") === "accept-terms") {
    const submission = parseWithZod(formData, { schema: acceptTermsSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const result = await acceptAgentTerms(deps, { userId: user.id });
    if (!result.ok) {
      const error = await describeDomainError(request, result.error);
      return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
    }
    return redirectWithToast(context, request, "/agents/profile", { kind: "success", title: "agent-profile:toasts.termsAccepted" });
  }

  const submission = parseWithZod(formData, { schema: agentProfileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { intent: _intent, ...details } = submission.value;
  const result = await updateAgentProfile(deps, { userId: user.id, details: { ...details, websiteUrl: details.websiteUrl ?? null } });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return data(submission.reply({ formErrors: [error.message] }), { status: error.status });
  }
  return redirectWithToast(context, request, "/agents/profile", { kind: "success", title: "agent-profile:toasts.saved" });
}

export default function AgentProfilePage() {
  const { t } = useTranslation("agent-profile");
  const { profile, loadFailed, userId } = useLoaderData<typeof loader>();
  return (
    <PortalLayout portal="agent" title={t("title")} intro={t("intro")}>
      {!profile ? (
        <div role="alert" className="card border-red-300 p-6 text-red-900 dark:text-red-100">
          <p className="font-semibold">{loadFailed}</p>
          <Link to="/agents/profile" className="btn-secondary mt-4">
            {t("retry")}
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_minmax(16rem,24rem)]">
          <section aria-labelledby="business-heading" className="card p-6">
            <h2 id="business-heading" className="text-xl font-semibold">
              {t("business")}
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("businessIntro")}</p>
            {/* A new key when the stored values change: after a save the form shows them as stored (normalised). */}
            <BusinessForm key={JSON.stringify(profile.details)} defaults={profile.details} />
          </section>
          <TermsPanel profile={profile} userId={userId} />
        </div>
      )}
    </PortalLayout>
  );
}

type Profile = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["profile"]>;

function TermsPanel({ profile, userId }: { profile: Profile; userId: string }) {
  const { t, i18n } = useTranslation("agent-profile");
  return (
    <section aria-labelledby="terms-heading" className="card h-fit p-6">
      <h2 id="terms-heading" className="text-xl font-semibold">
        {t("terms")}
      </h2>
      <dl className="mt-4 space-y-4">
        <div>
          <dt className="text-sm font-semibold">{t("verification")}</dt>
          <dd data-testid="verification-state">{t(`status.${profile.status}`)}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold">{t("commissionRate")}</dt>
          <dd data-testid="commission-rate">{t("commissionRateValue", { rate: profile.commissionRate })}</dd>
          <dd className="text-sm text-slate-600 dark:text-slate-400">{t("commissionRateHint")}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold">{t("payoutSchedule")}</dt>
          <dd>{t(`payout.${profile.payoutSchedule}`, { defaultValue: profile.payoutSchedule })}</dd>
        </div>
        <div>
          <dt className="text-sm font-semibold">{t("termsAccepted")}</dt>
          <dd data-testid="terms-accepted">
            {profile.termsAcceptedAt
              ? t("termsAcceptedOn", { date: formatDate(profile.termsAcceptedAt, i18n.language) })
              : t("termsNotAccepted")}
          </dd>
          <dd className="mt-1 text-sm">
            <Link to="/terms-agents" className="link">
              {t("termsRead")}
            </Link>
          </dd>
        </div>
      </dl>
      {profile.termsAcceptedAt ? null : (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="accept-terms" />
          <button type="submit" className="btn-primary">
            {t("acceptTerms")}
          </button>
        </Form>
      )}
      <p className="mt-6 text-sm">
        <Link to={`/agent/${encodeURIComponent(userId)}`} className="link">
          {t("publicProfile")}
        </Link>
      </p>
    </section>
  );
}

function BusinessForm({ defaults }: { defaults: Profile["details"] }) {
  const { t } = useTranslation(["auth", "agent-profile"]);
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm<z.input<typeof agentProfileSchema>>({
    id: "agent-profile",
    lastResult,
    defaultValue: { ...defaults, intent: "profile" },
    constraint: useLoaderData<typeof loader>().constraint,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="profile" />
      <BusinessDetailsFields fields={fields} />
      <button type="submit" className="btn-primary">
        {t("agent-profile:save")}
      </button>
    </Form>
  );
}

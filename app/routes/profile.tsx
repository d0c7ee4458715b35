import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { changePassword } from "#domain/accounts/change-password.use-case";
import { revokeAllSessions } from "#domain/accounts/manage-sessions.use-case";
import { updateProfile } from "#domain/accounts/update-profile.use-case";
import { profilePurchasesShown } from "#domain/accounts/profile-purchases";
import { changePasswordSchema, profileSchema, signOutEverywhereSchema } from "~/components/auth/auth-schemas";
import { FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { ProfileSection } from "~/components/profile/profile-section";
import { MyBookings, MyPayments, SubscriptionStatusSummary, PlatformAccessSummary } from "~/components/booking/profile-money";
import { loadProfileMoney } from "~/routes/profile-money.server";
import { MyGuestHouseAttempts } from "~/components/guest-houses/profile-booking-attempts";
import { BOOKING_ATTEMPTS_LISTED } from "#domain/guest-house-booking/booking-attempt.entity";
import { answerProposalAction } from "~/routes/profile-proposal-answer.server";
import type { LifecycleActionError } from "~/utils/booking-lifecycle.server";
import { RecommendedSection, SearchHistorySection, ViewHistorySection, WishlistSection } from "~/components/profile/profile-discovery";
import { loadProfileDiscovery } from "~/routes/profile-discovery.server";
import { i18next } from "~/i18next.server";
import { clientIp, getSessionId, requireUser } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";
import { YourDataSection } from "~/components/data-rights/your-data-section";
import { useRootData } from "~/root";

export const handle = {
  i18n: ["auth", "booking", "payment", "subscription", "listings", "messages", "guest-houses", "portal", "data-rights"],
};
export const meta = titleMeta;

/**
 * The profile page: each module's section of the student's own data first (bookings, guest-house
 * attempts, subscription and platform access, payments, wishlist, recommendations, history, saved
 * searches), then the account (details, password, sessions, two-step verification), read together
 * in one loader. A student comes for their bookings; the settings are rarely needed (issue 32).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const [money, discovery, attempts] = await Promise.all([
    loadProfileMoney(context, user.id),
    loadProfileDiscovery(context, user.id),
    context.services.guestHouses.handoff.attempts.listForUser(user.id, BOOKING_ATTEMPTS_LISTED),
  ]);
  return {
    title: t("profile.title"),
    constraints: { details: constraintsOf(profileSchema), password: constraintsOf(changePasswordSchema) },
    user: {
      name: user.name,
      email: user.email,
      phone: user.phone,
      role: user.role,
      isApprovedAgent: user.isAgent && user.agentStatus === "approved",
      agentStatus: user.agentStatus,
      totpEnabled: user.totpEnabled,
      // The saved searches are a student's tools: an agent's profile leaves them out.
      studentTools: !user.isAgent,
    },
    // The subscription and the platform access: a student's, or what an agent bought.
    purchasesShown: profilePurchasesShown(user.isAgent, money.subscription, money.platformAccess),
    // The discovery module's sections: wishlist, last 20 viewed, last 10 searches and saved
    // searches, recommendations from the 6 latest viewed.
    discovery,
    // The money module's sections: the subscription and its end, bookings, payments.
    money,
    // Guest-house booking attempts, newest first.
    guestHouseAttempts: attempts.map((a) => ({ ...a, attemptDate: a.attemptDate.toISOString() })),
  };
}

type Intent = "profile" | "password" | "sign-out-everywhere";
type ActionData = { intent: Intent; result: SubmissionResult<string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const deps = context.services.accounts;
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  // The visit lifecycle: the student's answer to a time the agent proposed (decision 0117).
  if (intent === "proposal") return answerProposalAction(context, request, user.id, formData);

  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: changePasswordSchema });
    const hideFields = ["currentPassword", "newPassword"];
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
    const result = await changePassword(deps, {
      userId: user.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.newPassword,
      keepSessionId: await getSessionId(context, request),
      ip: clientIp(context),
    });
    if (!result.ok) {
      const error = await describeDomainError(request, result.error);
      return data<ActionData>({ intent, result: submission.reply({ formErrors: [error.message], hideFields }) }, { status: error.status });
    }
    return redirectWithToast(context, request, "/profile", { kind: "success", title: "auth:toasts.passwordChanged" });
  }

  if (intent === "sign-out-everywhere") {
    const submission = parseWithZod(formData, { schema: signOutEverywhereSchema });
    if (submission.status !== "success") return data<ActionData>({ intent, result: submission.reply() }, { status: 400 });
    await revokeAllSessions(deps, { userId: user.id, exceptSessionId: await getSessionId(context, request) });
    return redirectWithToast(context, request, "/profile", { kind: "success", title: "auth:toasts.signedOutEverywhere" });
  }

  // Only the name and the phone are read: a role, an e-mail or an admin flag in the form is ignored.
  const submission = parseWithZod(formData, { schema: profileSchema });
  if (submission.status !== "success") return data<ActionData>({ intent: "profile", result: submission.reply() }, { status: 400 });
  const result = await updateProfile(deps, { userId: user.id, fullName: submission.value.fullName, phone: submission.value.phone ?? null });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return data<ActionData>({ intent: "profile", result: submission.reply({ formErrors: [error.message] }) }, { status: error.status });
  }
  return redirectWithToast(context, request, "/profile", { kind: "success", title: "auth:toasts.profileSaved" });
}

export default function ProfilePage() {
  const { t } = useTranslation(["auth", "guest-houses"]);
  const { user, purchasesShown, money, discovery, guestHouseAttempts } = useLoaderData<typeof loader>();
  // Counted once per request, for the header's menu (getShellUser).
  const unreadMessages = useRootData()?.user?.unreadMessages ?? 0;
  const actionData = useActionData<typeof action>() as (ActionData & Partial<LifecycleActionError>) | undefined;
  const resultFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : null);

  return (
    <div className="container-page py-8">
      <h1 className="text-2xl font-bold">{t("profile.title")}</h1>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{t("profile.signedInAs", { email: user.email })}</p>
      <p className="mt-2">
        <Link to="/messages" className="link font-semibold">
          {unreadMessages > 0 ? t("messages:inbox.profileLinkUnread", { count: unreadMessages }) : t("messages:inbox.profileLink")}
        </Link>
      </p>
      {user.isApprovedAgent ? (
        <Link to="/agents/properties" className="btn-primary mt-4">
          {t("profile.agentPortal")}
        </Link>
      ) : user.role === "agent" ? (
        <Link to="/auth/agent-verification" className="btn-primary mt-4">
          {t("profile.completeVerification")}
        </Link>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <ProfileSection id="bookings" title={t("profile.slots.bookings")}>
          <MyBookings bookings={money.bookings} viewingsDue={money.viewingsDue} error={actionData?.formError ?? null} />
        </ProfileSection>
        <ProfileSection id="guest-house-attempts" title={t("guest-houses:profile.title")}>
          <MyGuestHouseAttempts attempts={guestHouseAttempts} />
        </ProfileSection>
        {purchasesShown.subscription || purchasesShown.platformAccess ? (
          <ProfileSection id="subscription" title={t("profile.slots.subscription")}>
            {purchasesShown.subscription ? <SubscriptionStatusSummary subscription={money.subscription} /> : null}
            {purchasesShown.platformAccess ? <PlatformAccessSummary access={money.platformAccess} /> : null}
          </ProfileSection>
        ) : null}
        <ProfileSection id="payments" title={t("profile.slots.payments")}>
          <MyPayments payments={money.payments} />
        </ProfileSection>
        <ProfileSection id="wishlist" title={t("profile.slots.wishlist")}>
          <WishlistSection items={discovery.wishlist} />
        </ProfileSection>
        <ProfileSection id="recommended" title={t("profile.slots.recommended")}>
          <RecommendedSection items={discovery.recommended} />
        </ProfileSection>
        <ProfileSection id="view-history" title={t("profile.slots.viewHistory")}>
          <ViewHistorySection items={discovery.viewHistory} />
        </ProfileSection>
        {user.studentTools ? (
          <ProfileSection id="search-history" title={t("profile.slots.searchHistory")}>
            <SearchHistorySection searches={discovery.searchHistory} saved={discovery.savedSearches} />
          </ProfileSection>
        ) : null}
        <ProfileSection id="details" title={t("profile.details")}>
          <DetailsForm name={user.name} phone={user.phone} lastResult={resultFor("profile")} />
        </ProfileSection>

        <ProfileSection id="security" title={t("profile.security")}>
          <PasswordForm lastResult={resultFor("password")} />
          <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
            <h3 className="font-semibold">{t("profile.twoFactor")}</h3>
            <p className="mt-1 text-sm">{user.totpEnabled ? t("profile.twoFactorOn") : t("profile.twoFactorOff")}</p>
            <Link to="/auth/two-factor" className="link mt-1 inline-block text-sm">
              {t("profile.twoFactorManage")}
            </Link>
          </div>
          <div className="mt-6 border-t border-slate-200 pt-4 dark:border-slate-700">
            <h3 className="font-semibold">{t("profile.devices")}</h3>
            <p className="mt-1 text-sm">{t("profile.devicesBody")}</p>
            <Form method="post" className="mt-2">
              <input type="hidden" name="intent" value="sign-out-everywhere" />
              <button type="submit" className="btn-secondary">
                {t("profile.signOutEverywhere")}
              </button>
            </Form>
          </div>
        </ProfileSection>

        <ProfileSection id="your-data" title={t("data-rights:section.title")}>
          <YourDataSection />
        </ProfileSection>
      </div>
    </div>
  );
}

function DetailsForm({ name, phone, lastResult }: { name: string; phone: string | null; lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "profile-details",
    lastResult,
    defaultValue: { fullName: name, phone: phone ?? "" },
    constraint: useLoaderData<typeof loader>().constraints.details,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="profile" />
      <TextField
        label={t("fields.name")}
        errors={fields.fullName.errors}
        errorId={fields.fullName.errorId}
        inputProps={{ ...getInputProps(fields.fullName, { type: "text" }), autoComplete: "name" }}
      />
      <TextField
        label={t("fields.phoneOptional")}
        hint={t("fields.phoneHint")}
        errors={fields.phone.errors}
        errorId={fields.phone.errorId}
        inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel" }}
      />
      <button type="submit" className="btn-primary">
        {t("profile.save")}
      </button>
    </Form>
  );
}

function PasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "profile-password",
    lastResult,
    constraint: useLoaderData<typeof loader>().constraints.password,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <h3 className="font-semibold">{t("profile.changePassword")}</h3>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="password" />
      <TextField
        label={t("fields.currentPassword")}
        errors={fields.currentPassword.errors}
        errorId={fields.currentPassword.errorId}
        inputProps={{ ...getInputProps(fields.currentPassword, { type: "password" }), autoComplete: "current-password" }}
      />
      <TextField
        label={t("fields.newPassword")}
        hint={t("fields.passwordHint")}
        errors={fields.newPassword.errors}
        errorId={fields.newPassword.errorId}
        inputProps={{ ...getInputProps(fields.newPassword, { type: "password" }), autoComplete: "new-password" }}
      />
      <button type="submit" className="btn-secondary">
        {t("profile.updatePassword")}
      </button>
    </Form>
  );
}

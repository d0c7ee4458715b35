import { getFormProps, getInputProps, useForm, type Constraint, type SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { signInGreeting } from "~/utils/sign-in-greeting";
import { useEffect } from "react";
import { logIn } from "#domain/accounts/log-in.use-case";
import { verifyLoginTotp } from "#domain/accounts/verify-login-totp.use-case";
import { loginSchema, totpLoginSchema } from "~/components/auth/auth-schemas";
import { AuthCard, FormAlert, TextField } from "~/components/forms/form-fields";
import { GoogleButton } from "~/components/auth/google-button";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { TotpStepForm } from "~/components/auth/totp-step-form";
import { UNEXPECTED_AUTH_FAILURE_STATUS, unexpectedAuthFailureReply } from "~/utils/auth-failure.server";
import { clientIp, commitUserSession, redirectIfSignedIn } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { readFormData } from "~/utils/form-data.server";
import { askedPage, signInLanding } from "~/utils/sign-in-landing.server";

export const handle = { i18n: ["auth"] };

export const meta = titleMeta;

/** The page asked for, or "": then the user's home (signInLanding: an approved agent's portal…). */
const redirectParam = (request: Request) => askedPage(new URL(request.url).searchParams.get("redirectTo"));

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = redirectParam(request);
  await redirectIfSignedIn(context, request, redirectTo || "/");
  const t = await i18next.getFixedT(request, "auth");
  return {
    title: t("login.title"),
    redirectTo,
    googleEnabled: context.services.publicConfig.googleLoginEnabled,
    constraint: constraintsOf(loginSchema),
    totpConstraint: constraintsOf(totpLoginSchema),
  };
}

export async function action(args: ActionFunctionArgs) {
  try {
    return await logInAction(args);
  } catch (error) {
    const result = await unexpectedAuthFailureReply(args, error, "Login");
    return data({ totp: null, result }, { status: UNEXPECTED_AUTH_FAILURE_STATUS });
  }
}

async function logInAction({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const deps = context.services.accounts;
  const meta = { ip: clientIp(context), userAgent: request.headers.get("User-Agent") };

  // Step 2: the code from the authenticator app (or a recovery code).
  if (formData.get("intent") === "totp") {
    const submission = parseWithZod(formData, { schema: totpLoginSchema });
    const pendingLoginToken = String(formData.get("pendingLoginToken") ?? "").slice(0, 200);
    const redirectTo = askedPage(formData.get("redirectTo"));
    if (submission.status !== "success") {
      return data({ totp: { pendingLoginToken, redirectTo }, result: submission.reply({ hideFields: ["code"] }) }, { status: 400 });
    }
    const result = await verifyLoginTotp(deps, {
      pendingLoginToken: submission.value.pendingLoginToken,
      code: submission.value.code,
      ...meta,
    });
    if (!result.ok) {
      const error = await describeDomainError(request, result.error);
      // The pending step is gone: start again from the password.
      if (result.error.code === "auth.login_expired") {
        return data(
          { totp: null, result: submission.reply({ formErrors: [error.message], hideFields: ["code"] }) },
          { status: error.status },
        );
      }
      return data(
        { totp: { pendingLoginToken, redirectTo }, result: submission.reply({ formErrors: [error.message], hideFields: ["code"] }) },
        { status: error.status },
      );
    }
    if (result.value.status !== "signed_in") throw new Error("A second factor cannot ask for a third");
    return commitUserSession(
      context,
      request,
      { sessionId: result.value.sessionId, expiresAt: result.value.sessionExpiresAt },
      await signInLanding(context, result.value.sessionId, redirectTo),
      {
        kind: "success",
        ...signInGreeting(result.value),
      },
    );
  }

  // Step 1: e-mail and password.
  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ totp: null, result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const redirectTo = askedPage(submission.value.redirectTo);
  const result = await logIn(deps, { email: submission.value.email, password: submission.value.password, ...meta });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    return data(
      { totp: null, result: submission.reply({ formErrors: [error.message], hideFields: ["password"] }) },
      { status: error.status },
    );
  }
  if (result.value.status === "totp_required") {
    return data({ totp: { pendingLoginToken: result.value.pendingLoginToken, redirectTo }, result: null });
  }
  const landing = await signInLanding(context, result.value.sessionId, redirectTo);
  return commitUserSession(context, request, { sessionId: result.value.sessionId, expiresAt: result.value.sessionExpiresAt }, landing, {
    kind: "success",
    ...signInGreeting(result.value),
  });
}

export default function LoginPage() {
  const { t } = useTranslation("auth");
  const { redirectTo, googleEnabled, constraint, totpConstraint } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  if (actionData?.totp) {
    return (
      <AuthCard title={t("login.totpTitle")}>
        <TotpStepForm
          pendingLoginToken={actionData.totp.pendingLoginToken}
          redirectTo={actionData.totp.redirectTo}
          lastResult={actionData.result}
          constraint={totpConstraint}
        />
        <p className="mt-4 text-sm">
          <Link to={`/auth/login${redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ""}`} className="link">
            {t("login.startAgain")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("login.title")} intro={t("login.intro")}>
      <PasswordForm redirectTo={redirectTo} lastResult={actionData?.result ?? null} constraint={constraint} />
      {googleEnabled ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-sm">
        {t("login.noAccount")}{" "}
        <Link to="/auth/signup" className="link">
          {t("login.signUpLink")}
        </Link>
      </p>
      <p className="mt-2 text-sm">
        <Link to="/auth/confirm" className="link">
          {t("login.resendConfirmation")}
        </Link>
      </p>
    </AuthCard>
  );
}

function PasswordForm({
  redirectTo,
  lastResult,
  constraint,
}: {
  redirectTo: string;
  lastResult: SubmissionResult<string[]> | null;
  constraint: Record<string, Constraint>;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint,
  });
  // A refused login clears the password, as it does without JavaScript (the server never sends it back).
  const passwordId = fields.password.id;
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const input = document.getElementById(passwordId) as HTMLInputElement | null;
    if (input) input.value = "";
  }, [lastResult, passwordId]);
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="password" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        label={t("fields.email")}
        errors={fields.email.errors}
        errorId={fields.email.errorId}
        inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email", autoFocus: true }}
      />
      <TextField
        label={t("fields.password")}
        errors={fields.password.errors}
        errorId={fields.password.errorId}
        inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password" }}
      />
      <p className="text-sm">
        <Link to="/auth/forgot-password" className="link">
          {t("login.forgotPassword")}
        </Link>
      </p>
      <button type="submit" className="btn-primary w-full">
        {t("login.submit")}
      </button>
    </Form>
  );
}

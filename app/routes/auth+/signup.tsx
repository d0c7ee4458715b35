import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { Trans, useTranslation } from "~/utils/translation";
import { signUp } from "#domain/accounts/sign-up.use-case";
import { signupSchema } from "~/components/auth/auth-schemas";
import { AuthCard, CheckboxField, ErrorList, FormAlert, TextField } from "~/components/forms/form-fields";
import { GoogleButton } from "~/components/auth/google-button";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { UNEXPECTED_AUTH_FAILURE_STATUS, unexpectedAuthFailureReply } from "~/utils/auth-failure.server";
import { clientIp, redirectIfSignedIn } from "~/utils/auth.server";
import { replyWithDomainError } from "~/utils/domain-errors.server";
import { getLanguage } from "~/utils/preferences.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const kind = new URL(request.url).searchParams.get("as") === "agent" ? "agent" : "student";
  return {
    title: t("signup.title"),
    kind,
    googleEnabled: context.services.publicConfig.googleLoginEnabled,
    constraint: constraintsOf(signupSchema),
  };
}

export async function action(args: ActionFunctionArgs) {
  try {
    return await signUpAction(args);
  } catch (error) {
    return data(await unexpectedAuthFailureReply(args, error, "Sign-up"), { status: UNEXPECTED_AUTH_FAILURE_STATUS });
  }
}

async function signUpAction({ request, context }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const submission = parseWithZod(formData, { schema: signupSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  // Only these fields reach the use case: nothing a form sends can choose a role beyond student/agent.
  const { name, email, phone, password, agreeToTerms, agreeToPrivacy, accountKind } = submission.value;
  const result = await signUp(context.services.accounts, {
    name,
    email,
    phone: phone ?? null,
    password,
    agreeToTerms,
    agreeToPrivacy,
    accountKind,
    language: await getLanguage(request),
    ip: clientIp(context),
  });
  if (!result.ok) return replyWithDomainError(request, submission, result.error, { hideFields: ["password"] });
  // The same page whether the address was new, pending or already confirmed (its owner is e-mailed).
  return redirectWithToast(context, request, "/auth/login", {
    kind: "success",
    title: "auth:toasts.signedUp",
    description: "auth:toasts.signedUpBody",
    params: { email },
  });
}

export default function SignupPage() {
  const { t } = useTranslation("auth");
  const { kind, googleEnabled, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "signup",
    lastResult,
    defaultValue: { accountKind: kind },
    constraint,
  });
  const kindValue = (fields.accountKind.initialValue as string | undefined) ?? kind;

  return (
    <AuthCard title={t("signup.title")} intro={t("signup.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label={t("fields.name")}
          errors={fields.name.errors}
          errorId={fields.name.errorId}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), autoComplete: "name" }}
        />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <TextField
          label={t("fields.phoneOptional")}
          hint={t("fields.phoneHint")}
          errors={fields.phone.errors}
          errorId={fields.phone.errorId}
          inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel", placeholder: "6XX XXX XXX" }}
        />
        <TextField
          label={t("fields.password")}
          hint={t("fields.passwordHint")}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <fieldset>
          <legend className="label">{t("signup.kindLegend")}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-6">
            {(["student", "agent"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input type="radio" name={fields.accountKind.name} value={value} defaultChecked={kindValue === value} className="h-4 w-4" />
                {t(`signup.kind.${value}`)}
              </label>
            ))}
          </div>
          <ErrorList id={fields.accountKind.errorId} errors={fields.accountKind.errors} />
        </fieldset>
        <CheckboxField
          label={<Trans t={t} i18nKey="signup.agreeTerms" components={{ terms: <Link to="/terms" className="link" /> }} />}
          errors={fields.agreeToTerms.errors}
          errorId={fields.agreeToTerms.errorId}
          inputProps={{ ...getInputProps(fields.agreeToTerms, { type: "checkbox" }) }}
        />
        <CheckboxField
          label={<Trans t={t} i18nKey="signup.agreePrivacy" components={{ privacy: <Link to="/privacy" className="link" /> }} />}
          errors={fields.agreeToPrivacy.errors}
          errorId={fields.agreeToPrivacy.errorId}
          inputProps={{ ...getInputProps(fields.agreeToPrivacy, { type: "checkbox" }) }}
        />
        <button type="submit" className="btn-primary w-full">
          {t("signup.submit")}
        </button>
      </Form>
      {googleEnabled ? <GoogleButton redirectTo="/" /> : null}
      <p className="mt-6 text-sm">
        {t("signup.haveAccount")}{" "}
        <Link to="/auth/login" className="link">
          {t("signup.loginLink")}
        </Link>
      </p>
    </AuthCard>
  );
}

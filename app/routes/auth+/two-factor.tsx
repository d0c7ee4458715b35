import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { confirmTotp, disableTotp, startTotpEnrolment, type TotpEnrolment } from "#domain/accounts/totp-enrolment.use-case";
import { totpConfirmSchema, totpDisableSchema } from "~/components/auth/auth-schemas";
import { AuthCard, FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { describeDomainError, throwDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast, safeRedirectPath } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

type Enrolment = Pick<TotpEnrolment, "secret" | "qrSvg">;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const t = await i18next.getFixedT(request, "auth");
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile");
  const required = user.isAdmin && context.services.config.requireAdmin2fa;
  const constraints = { enable: constraintsOf(totpConfirmSchema), disable: constraintsOf(totpDisableSchema) };
  if (user.totpEnabled) return { title: t("twoFactor.title"), enabled: true as const, enrolment: null, redirectTo, required, constraints };
  // The key is kept on the server until the first code confirms it; a reload shows the same key.
  const started = await startTotpEnrolment(context.services.accounts, { userId: user.id });
  if (!started.ok) return throwDomainError(request, started.error);
  const enrolment: Enrolment = { secret: started.value.secret, qrSvg: started.value.qrSvg };
  return { title: t("twoFactor.title"), enabled: false as const, enrolment, redirectTo, required, constraints };
}

type ActionData =
  | { intent: "enable"; result: SubmissionResult<string[]>; enrolment: Enrolment | null; recoveryCodes: null }
  | { intent: "enable"; result: null; enrolment: null; recoveryCodes: string[] }
  | { intent: "disable"; result: SubmissionResult<string[]>; enrolment: null; recoveryCodes: null };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const deps = context.services.accounts;
  const formData = await readFormData(request);

  if (formData.get("intent") === "disable") {
    const submission = parseWithZod(formData, { schema: totpDisableSchema });
    if (submission.status !== "success") {
      return data<ActionData>(
        { intent: "disable", result: submission.reply({ hideFields: ["code"] }), enrolment: null, recoveryCodes: null },
        { status: 400 },
      );
    }
    const result = await disableTotp(deps, { userId: user.id, code: submission.value.code });
    if (!result.ok) {
      const error = await describeDomainError(request, result.error);
      const reply = submission.reply({ formErrors: [error.message], hideFields: ["code"] });
      return data<ActionData>({ intent: "disable", result: reply, enrolment: null, recoveryCodes: null }, { status: error.status });
    }
    return redirectWithToast(context, request, "/auth/two-factor", { kind: "success", title: "auth:toasts.totpDisabled" });
  }

  const submission = parseWithZod(formData, { schema: totpConfirmSchema });
  // The pending key is the server's: shown again with the error, so the scanned key still works.
  const again = async (): Promise<Enrolment | null> => {
    const started = await startTotpEnrolment(deps, { userId: user.id });
    return started.ok ? { secret: started.value.secret, qrSvg: started.value.qrSvg } : null;
  };
  if (submission.status !== "success") {
    return data<ActionData>(
      { intent: "enable", result: submission.reply({ hideFields: ["code"] }), enrolment: await again(), recoveryCodes: null },
      { status: 400 },
    );
  }
  const result = await confirmTotp(deps, { userId: user.id, code: submission.value.code });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    const reply = submission.reply({ formErrors: [error.message], hideFields: ["code"] });
    return data<ActionData>({ intent: "enable", result: reply, enrolment: await again(), recoveryCodes: null }, { status: error.status });
  }
  // Shown once, on this response only: only their hashes are kept.
  return data<ActionData>({ intent: "enable", result: null, enrolment: null, recoveryCodes: result.value.recoveryCodes });
}

export default function TwoFactorPage() {
  const { t } = useTranslation("auth");
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;

  if (actionData?.recoveryCodes) {
    return (
      <AuthCard title={t("twoFactor.enabledTitle")} intro={t("twoFactor.recoveryIntro")}>
        <ol aria-label={t("twoFactor.recoveryCodes")} className="grid grid-cols-2 gap-2 font-mono text-lg" data-testid="recovery-codes">
          {actionData.recoveryCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Link to={loaderData.redirectTo} className="btn-primary mt-6">
          {t("twoFactor.continue")}
        </Link>
      </AuthCard>
    );
  }

  if (loaderData.enabled) {
    return (
      <AuthCard title={t("twoFactor.title")} intro={t("twoFactor.isOn")}>
        <DisableForm lastResult={actionData?.intent === "disable" ? actionData.result : null} />
        <p className="mt-6 text-sm">
          <Link to="/profile" className="link">
            {t("twoFactor.backToProfile")}
          </Link>
        </p>
      </AuthCard>
    );
  }

  const enrolment = (actionData?.intent === "enable" ? actionData.enrolment : null) ?? loaderData.enrolment;
  if (!enrolment) return null;
  return (
    <AuthCard title={t("twoFactor.title")} intro={loaderData.required ? t("twoFactor.requiredForAdmins") : t("twoFactor.intro")}>
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        <li>{t("twoFactor.step1")}</li>
        <li>{t("twoFactor.step2")}</li>
        <li>{t("twoFactor.step3")}</li>
      </ol>
      <figure className="mt-4">
        {/* The SVG comes from the qrcode library on the server, never from user input. */}
        <div
          role="img"
          aria-label={t("twoFactor.qrLabel")}
          className="mx-auto w-48 bg-white p-2"
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <figcaption className="mt-3 text-sm">
          {t("twoFactor.manualKey")}{" "}
          <code data-testid="totp-secret" className="break-all rounded bg-slate-100 px-1 font-mono dark:bg-slate-800">
            {enrolment.secret}
          </code>
        </figcaption>
      </figure>
      <EnableForm lastResult={actionData?.intent === "enable" ? actionData.result : null} />
    </AuthCard>
  );
}

function EnableForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "totp-enable",
    lastResult,
    constraint: useLoaderData<typeof loader>().constraints.enable,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="enable" />
      <TextField
        label={t("twoFactor.code")}
        errors={fields.code.errors}
        errorId={fields.code.errorId}
        inputProps={{ ...getInputProps(fields.code, { type: "text" }), inputMode: "numeric", autoComplete: "one-time-code" }}
      />
      <button type="submit" className="btn-primary w-full">
        {t("twoFactor.enable")}
      </button>
    </Form>
  );
}

function DisableForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "totp-disable",
    lastResult,
    constraint: useLoaderData<typeof loader>().constraints.disable,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="disable" />
      <TextField
        label={t("twoFactor.codeOrRecovery")}
        errors={fields.code.errors}
        errorId={fields.code.errorId}
        inputProps={{ ...getInputProps(fields.code, { type: "text" }), autoComplete: "one-time-code" }}
      />
      <button type="submit" className="btn-danger w-full">
        {t("twoFactor.disable")}
      </button>
    </Form>
  );
}

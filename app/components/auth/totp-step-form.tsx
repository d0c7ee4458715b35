import { getFormProps, getInputProps, useForm, type Constraint, type SubmissionResult } from "~/utils/form";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { FormAlert, TextField } from "~/components/forms/form-fields";

/**
 * The second step of a sign-in with two-step verification: the 6-digit code from the
 * authenticator app, or a recovery code. Posts to /auth/login (also from the Google callback).
 */
export function TotpStepForm({
  pendingLoginToken,
  redirectTo,
  lastResult,
  constraint,
}: {
  pendingLoginToken: string;
  redirectTo: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** getZodConstraint(totpLoginSchema), from the loader. */
  constraint: Record<string, Constraint>;
}) {
  const { t } = useTranslation("auth");
  const [form, fields] = useForm({
    id: "totp-login",
    lastResult,
    constraint,
  });
  return (
    <Form method="post" action="/auth/login" {...getFormProps(form)} className="space-y-4">
      <p>{t("login.totpIntro")}</p>
      <FormAlert id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="totp" />
      <input type="hidden" name="pendingLoginToken" value={pendingLoginToken} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        label={t("login.code")}
        hint={t("login.codeHint")}
        errors={fields.code.errors}
        errorId={fields.code.errorId}
        inputProps={{
          ...getInputProps(fields.code, { type: "text" }),
          autoComplete: "one-time-code",
          autoFocus: true,
          spellCheck: false,
        }}
      />
      <button type="submit" className="btn-primary w-full">
        {t("login.verify")}
      </button>
    </Form>
  );
}

import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { resetPassword } from "#domain/accounts/password-reset.use-case";
import { resetPasswordSchema } from "~/components/auth/auth-schemas";
import { AuthCard, FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { clientIp } from "~/utils/auth.server";
import { replyWithDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// The link in the reset e-mail. The token travels in a hidden field; only the POST uses it up.
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, "auth");
  const token = (new URL(request.url).searchParams.get("token") ?? "").slice(0, 200);
  return { title: t("reset.title"), token, constraint: constraintsOf(resetPasswordSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resetPasswordSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password", "confirmPassword"] }), { status: 400 });
  const result = await resetPassword(context.services.accounts, {
    token: submission.value.token,
    newPassword: submission.value.password,
    ip: clientIp(context),
  });
  if (!result.ok) return replyWithDomainError(request, submission, result.error, { hideFields: ["password", "confirmPassword"] });
  return redirectWithToast(context, request, "/auth/login", { kind: "success", title: "auth:toasts.passwordReset" });
}

export default function ResetPasswordPage() {
  const { t } = useTranslation("auth");
  const { token, constraint } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    constraint,
  });
  if (!token) {
    return (
      <AuthCard title={t("reset.title")}>
        <FormAlert errors={["auth:errors.token_invalid"]} />
        <p className="mt-4 text-sm">
          <Link to="/auth/forgot-password" className="link">
            {t("reset.requestNew")}
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("reset.title")} intro={t("reset.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <input type="hidden" name="token" value={token} />
        <TextField
          label={t("fields.newPassword")}
          hint={t("fields.passwordHint")}
          errors={fields.password.errors}
          errorId={fields.password.errorId}
          inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "new-password" }}
        />
        <TextField
          label={t("fields.confirmPassword")}
          errors={fields.confirmPassword.errors}
          errorId={fields.confirmPassword.errorId}
          inputProps={{ ...getInputProps(fields.confirmPassword, { type: "password" }), autoComplete: "new-password" }}
        />
        <button type="submit" className="btn-primary w-full">
          {t("reset.submit")}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/auth/forgot-password" className="link">
          {t("reset.requestNew")}
        </Link>
      </p>
    </AuthCard>
  );
}

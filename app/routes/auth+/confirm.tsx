import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { confirmEmail } from "#domain/accounts/confirm-email.use-case";
import { resendConfirmation } from "#domain/accounts/sign-up.use-case";
import { forgotPasswordSchema as resendSchema } from "~/components/auth/auth-schemas";
import { AuthCard, FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { describeDomainError, replyWithDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { clientIp } from "~/utils/auth.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

// The link in the confirmation e-mail: /auth/confirm?token=… confirms and goes on to login.
// Without a token (or with a dead one) the page offers a fresh link.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, "auth");
  const token = new URL(request.url).searchParams.get("token");
  if (token === null) return { title: t("confirm.title"), error: null, constraint: constraintsOf(resendSchema) };
  const result = await confirmEmail(context.services.accounts, { token: token.slice(0, 200) });
  if (result.ok) {
    return redirectWithToast(context, request, "/auth/login", { kind: "success", title: "auth:toasts.emailConfirmed" });
  }
  const error = await describeDomainError(request, result.error);
  return data({ title: t("confirm.title"), error: error.message, constraint: constraintsOf(resendSchema) }, { status: error.status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: resendSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await resendConfirmation(context.services.accounts, { email: submission.value.email, ip: clientIp(context) });
  if (!result.ok) return replyWithDomainError(request, submission, result.error);
  return redirectWithToast(context, request, "/auth/login", { kind: "info", title: "auth:toasts.confirmationResent" });
}

export default function ConfirmPage() {
  const { t } = useTranslation("auth");
  const loaderData = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "resend-confirmation",
    lastResult,
    constraint: loaderData.constraint,
  });
  const linkError = "error" in loaderData ? loaderData.error : null;
  return (
    <AuthCard title={t("confirm.title")} intro={t("confirm.intro")}>
      {linkError ? <FormAlert errors={[linkError]} /> : null}
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <button type="submit" className="btn-primary w-full">
          {t("confirm.resend")}
        </button>
      </Form>
    </AuthCard>
  );
}

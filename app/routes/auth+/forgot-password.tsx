import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { constraintsOf } from "~/utils/constraints.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { requestPasswordReset } from "#domain/accounts/password-reset.use-case";
import { forgotPasswordSchema } from "~/components/auth/auth-schemas";
import { AuthCard, FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { replyWithDomainError } from "~/utils/domain-errors.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getLanguage } from "~/utils/preferences.server";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["auth"] };
export const meta = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18next.getFixedT(request, "auth");
  return { title: t("forgot.title"), constraint: constraintsOf(forgotPasswordSchema) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await readFormData(request), { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await requestPasswordReset(context.services.accounts, {
    email: submission.value.email,
    // The note to an address without an account is written in the reader's language.
    language: await getLanguage(request),
  });
  if (!result.ok) return replyWithDomainError(request, submission, result.error);
  // The same answer whether or not the address has an account.
  return redirectWithToast(context, request, "/auth/login", {
    kind: "info",
    title: "auth:toasts.resetSent",
    description: "auth:toasts.resetSentBody",
  });
}

export default function ForgotPasswordPage() {
  const { t } = useTranslation("auth");
  const lastResult = useActionData<typeof action>();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult,
    constraint: useLoaderData<typeof loader>().constraint,
  });
  return (
    <AuthCard title={t("forgot.title")} intro={t("forgot.intro")}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormAlert id={form.errorId} errors={form.errors} />
        <TextField
          label={t("fields.email")}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
          inputProps={{ ...getInputProps(fields.email, { type: "email" }), autoComplete: "email" }}
        />
        <button type="submit" className="btn-primary w-full">
          {t("forgot.submit")}
        </button>
      </Form>
      <p className="mt-6 text-sm">
        <Link to="/auth/login" className="link">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}

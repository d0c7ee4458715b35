import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/utils/form";
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { closeMyAccount, closureCheck } from "#domain/data-rights/close-my-account.use-case";
import { identityCheckFor } from "#domain/data-rights/confirm-identity";
import type { ClosureBlocker } from "#domain/data-rights/account-closure";
import { closeAccountSchema } from "~/components/data-rights/data-rights-schemas";
import { FormAlert, TextField } from "~/components/forms/form-fields";
import { titleMeta } from "~/utils/page-title";
import { i18next } from "~/i18next.server";
import { clientIp, getSessionId, requireUser } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { readFormData } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { constraintsOf } from "~/utils/constraints.server";

export const handle = { i18n: ["data-rights", "auth"] };
export const meta = titleMeta;

/** /profile/close: the person closes their own account, or is told what to settle first (decision 0217). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context, request);
  const t = await i18next.getFixedT(request, "data-rights");
  const [blockers, check] = await Promise.all([
    closureCheck(context.services.dataRights, user.id),
    identityCheckFor(context.services.dataRights, user.id),
  ]);
  return { title: t("close.title"), blockers, check, constraints: constraintsOf(closeAccountSchema) };
}

type ActionData = { result: SubmissionResult<string[]>; blockers?: ClosureBlocker[] };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context, request);
  const submission = parseWithZod(await readFormData(request), { schema: closeAccountSchema });
  const hideFields = ["password"];
  if (submission.status !== "success") return data<ActionData>({ result: submission.reply({ hideFields }) }, { status: 400 });
  const result = await closeMyAccount(context.services.dataRights, {
    userId: user.id,
    password: submission.value.password ?? null,
    confirmed: submission.value.confirm === "yes",
    sessionId: await getSessionId(context, request),
    ip: clientIp(context),
  });
  if (!result.ok) {
    if ("blockers" in result.error)
      return data<ActionData>({ result: submission.reply({ hideFields }), blockers: result.error.blockers }, { status: 409 });
    const error = await describeDomainError(request, result.error);
    return data<ActionData>({ result: submission.reply({ formErrors: [error.message], hideFields }) }, { status: error.status });
  }
  // Every session of the account has ended with it: the cookie's one no longer signs anyone in.
  return redirectWithToast(context, request, "/", { kind: "success", title: "data-rights:toasts.accountClosed" });
}

export default function CloseAccountPage() {
  const { t } = useTranslation(["data-rights", "auth"]);
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const blockers = actionData?.blockers ?? loaded.blockers;
  const [form, fields] = useForm({ id: "close-account", lastResult: actionData?.result ?? null, constraint: loaded.constraints });
  return (
    <div className="container-page max-w-2xl py-8">
      <p>
        <Link to="/profile" className="link text-sm">
          {t("backToProfile")}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{t("close.title")}</h1>
      <p className="mt-2">{t("close.intro")}</p>
      <ul className="mt-2 list-disc pl-6 text-sm">
        <li>{t("close.whatGoes")}</li>
        <li>{t("close.whatStays")}</li>
        <li>{t("close.afterwards")}</li>
      </ul>
      {blockers.length > 0 ? (
        <div
          role="alert"
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <h2 className="font-semibold">{t("close.cannotYet")}</h2>
          <ul className="mt-2 list-disc pl-6 text-sm">
            {blockers.map((b) => (
              <li key={b}>{t(`close.blockers.${b}`)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <Form method="post" {...getFormProps(form)} className="card mt-6 space-y-4 p-5">
          <FormAlert id={form.errorId} errors={form.errors} />
          {loaded.check === "password" ? (
            <TextField
              label={t("auth:fields.password")}
              hint={t("download.passwordHint")}
              errors={fields.password.errors}
              errorId={fields.password.errorId}
              inputProps={{ ...getInputProps(fields.password, { type: "password" }), autoComplete: "current-password", required: true }}
            />
          ) : (
            <p className="text-sm">{t("close.recentSignIn")}</p>
          )}
          <div className="flex items-start gap-2">
            <input id="close-confirm" type="checkbox" name="confirm" value="yes" className="mt-1" required />
            <label htmlFor="close-confirm">{t("close.confirm")}</label>
          </div>
          <button type="submit" className="btn-danger">
            {t("close.submit")}
          </button>
        </Form>
      )}
    </div>
  );
}

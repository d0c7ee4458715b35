import { Form } from "~/components/link";
import { useTranslation } from "~/utils/translation";

/** "Continue with Google": a plain form post, so it works without JavaScript. Shown only when Google login is configured. */
export function GoogleButton({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation("auth");
  return (
    <Form method="post" action="/auth/google" className="mt-4" reloadDocument>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="my-4 flex items-center gap-3 text-sm text-slate-600 dark:text-slate-400" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {t("login.or")}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <button type="submit" className="btn-secondary w-full">
        {t("login.google")}
      </button>
    </Form>
  );
}

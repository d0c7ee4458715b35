import { Component, type ErrorInfo, type ReactNode } from "react";
import { Link } from "~/components/link";
import { useTranslation } from "~/utils/translation";
import { useRequestId, useSupportContact } from "./nonce";

/** "Reference for support: …": what a user quotes so support can find this request in the logs. */
function ErrorReference() {
  const { t } = useTranslation();
  const requestId = useRequestId();
  if (!requestId) return null;
  return (
    <p className="mt-4 text-sm text-slate-600 dark:text-slate-400" data-testid="error-reference" data-request-id={requestId}>
      {t("errors.reference", "Reference for support: {{id}}", { id: requestId })}
    </p>
  );
}

export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <section className="container-page py-16 text-center">
      <p className="text-6xl font-bold text-brand-600" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("notFound.body")}</p>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/" className="btn-primary">
          {t("notFound.home")}
        </Link>
        <Link to="/listings" className="btn-secondary">
          {t("notFound.listings")}
        </Link>
      </div>
    </section>
  );
}

/** A page failed: shown inside the shell, status 500. */
export function ApplicationErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className="container-page py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t("errors.applicationError")}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("errors.applicationErrorBody")}</p>
      <ErrorReference />
      <Link to="/" className="btn-primary mt-6">
        {t("errors.goHome")}
      </Link>
    </section>
  );
}

/**
 * The root itself failed: no shell, no loader data, maybe no translations. Plain links and a
 * plain reload, so it works even when the JavaScript bundle is what broke.
 */
export function CriticalErrorScreen() {
  const { t } = useTranslation();
  const support = useSupportContact();
  return (
    <main className="mx-auto max-w-lg px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{t("errors.criticalTitle", "Critical Application Error")}</h1>
      <p className="mt-2">{t("errors.criticalBody", "KamerNest could not start. Reloading usually fixes it.")}</p>
      <div className="mt-6 flex justify-center gap-3">
        {/* A link to the current page, not window.location.reload(): it works without JavaScript too. */}
        <a href="" className="btn-primary">
          {t("errors.reload", "Reload Application")}
        </a>
        <a href="/" className="btn-secondary">
          {t("errors.goHome", "Go to Homepage")}
        </a>
      </div>
      {support.email ? (
        <p className="mt-6 text-sm">
          {t("errors.supportLine", "Still stuck? Contact support at {{email}} or {{phone}}.", {
            email: support.email,
            phone: support.phone,
          })}
        </p>
      ) : null}
      <ErrorReference />
    </main>
  );
}

function SectionErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="card p-4 text-center">
      <p className="font-semibold">{t("errors.somethingWentWrong")}</p>
      <button type="button" onClick={onRetry} className="btn-secondary mt-3">
        {t("errors.tryAgain")}
      </button>
    </div>
  );
}

/**
 * Wraps one section of a page: when it throws while rendering, only that section shows
 * 'Something went wrong' with Try Again, which renders it afresh.
 */
export class SectionBoundary extends Component<{ children: ReactNode; name: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Visible in the server log or the browser console; never shown to the user.
    console.warn(`Section "${this.props.name}" failed`, error, info.componentStack);
  }
  override render() {
    if (this.state.failed) return <SectionErrorFallback onRetry={() => this.setState({ failed: false })} />;
    return this.props.children;
  }
}

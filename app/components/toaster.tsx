import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "~/utils/translation";
import { TOAST_DURATION_MS, type Toast } from "~/utils/toast";

const ToastContext = createContext<(toast: Toast) => void>(() => {});
/** Shows a toast from a component (e.g. a failed payment start caught in the browser). */
export const useShowToast = () => useContext(ToastContext);

/**
 * One toast at a time: a newer one replaces the current one. A toast from the server (set by an
 * action in the session) is rendered in the HTML, so it shows without JavaScript; with JavaScript
 * it is dismissed after 5 000 ms.
 */
export function ToastProvider({ serverToast, children }: { serverToast: Toast | null; children: ReactNode }) {
  const [current, setCurrent] = useState<{ toast: Toast; id: number } | null>(serverToast ? { toast: serverToast, id: 0 } : null);

  useEffect(() => {
    if (serverToast) setCurrent((c) => ({ toast: serverToast, id: (c?.id ?? 0) + 1 }));
  }, [serverToast]);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent(null), TOAST_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  const show = useCallback((toast: Toast) => setCurrent((c) => ({ toast, id: (c?.id ?? 0) + 1 })), []);
  const value = useMemo(() => show, [show]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastView key={current?.id ?? -1} toast={current?.toast ?? null} onDismiss={() => setCurrent(null)} />
    </ToastContext.Provider>
  );
}

function ToastView({ toast, onDismiss }: { toast: Toast | null; onDismiss: () => void }) {
  const { t } = useTranslation();
  const tone =
    toast?.kind === "error"
      ? "border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
      : toast?.kind === "success"
        ? "border-brand-500 bg-brand-50 text-brand-800 dark:border-brand-600 dark:bg-slate-900 dark:text-brand-100"
        : "border-slate-300 bg-white text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100";
  return (
    // On a phone at the top, over the header: at the bottom it sat on the form's buttons. Wider
    // screens keep it at the bottom, clear of a centred form.
    <div
      aria-live="polite"
      role="status"
      className="pointer-events-none fixed inset-x-0 top-2 z-50 flex justify-center px-4 sm:bottom-4 sm:top-auto"
    >
      {toast ? (
        <div
          data-toast
          data-testid="toast"
          data-kind={toast.kind}
          className={`pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-lg border p-4 shadow-lg ${tone}`}
        >
          <div className="flex-1">
            <p className="font-semibold">{toast.translated ? toast.title : t(toast.title, toast.params)}</p>
            {toast.description ? (
              <p className="mt-1 text-sm">{toast.translated ? toast.description : t(toast.description, toast.params)}</p>
            ) : null}
          </div>
          <button type="button" onClick={onDismiss} data-toast-dismiss className="rounded px-2 text-sm underline">
            {t("common:toast.dismiss")}
          </button>
        </div>
      ) : null}
    </div>
  );
}

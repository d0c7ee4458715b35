// The mobile-money payment form (SPEC §2, §4, §5): a choice of MTN Mobile Money or Orange Money, a
// +237 prefix before a 9-digit number, the hint, and a Pay button with the server's amount.
// Without JavaScript every part shows, the form posts and the action redirects to the provider.
// With JavaScript the number and the button appear once a method is chosen, the form is sent by a
// fetcher asking for JSON, and the page says 'Initializing payment', then 'Redirecting to payment'
// and goes to the provider's page after 1 500 ms. Errors are a destructive toast titled
// 'Payment failed' (and stay written in the page).
import { getFormProps, getInputProps, useForm } from "~/utils/form";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translation";
import { useShowToast } from "~/components/toaster";
import { formatXaf } from "~/utils/format";
import { JSON_FIELD, PAYMENT_METHODS, PHONE_PLACEHOLDER, type PaymentActionData, type PaymentErrorView } from "./payment-form-values";
import { isMessageKey } from "~/utils/form-message";

/** SPEC §9: the redirect to the provider waits this long after a successful initialisation. */
export const REDIRECT_DELAY_MS = 1500;
/** SPEC §4: the browser keeps the pending payment under these keys. */
const PENDING_REF_KEY = "pending_payment_ref";
const PENDING_ID_KEY = "pending_payment_id";

export function MobileMoneyForm({
  id,
  amount,
  action,
  actionData,
}: {
  id: string;
  /** From the server's loader; shown on the button, never sent back. */
  amount: number;
  /** The route the form posts to (its own URL). */
  action: string;
  /** The action's answer to a post without JavaScript. */
  actionData?: PaymentActionData | null;
}) {
  const { t } = useTranslation(["payment", "common"]);
  const showToast = useShowToast();
  const fetcher = useFetcher<PaymentActionData>({ key: `payment-${id}` });
  const [hydrated, setHydrated] = useState(false);
  const [processing, setProcessing] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const handled = useRef<PaymentActionData | null>(null);
  const current = fetcher.data ?? actionData ?? null;

  useEffect(() => setHydrated(true), []);

  const [form, fields] = useForm({
    id,
    lastResult: current && !current.ok ? current.result : null,
    onSubmit(event) {
      // Sent through the fetcher, asking for JSON, so the page can say what happens next. The
      // server checks the number: a refusal comes back as the same 'Payment failed' toast.
      event.preventDefault();
      const formData = new FormData(event.currentTarget);
      formData.set(JSON_FIELD, "json");
      setProcessing(true);
      showToast({ kind: "info", title: "payment:toasts.initializing", description: "payment:toasts.initializingDetail" });
      fetcher.submit(formData, { method: "post", action });
    },
  });

  const initialMethod = fields.method.initialValue;
  const [method, setMethod] = useState(typeof initialMethod === "string" ? initialMethod : "");

  // The fetcher's answer: go to the provider after 1 500 ms, or say why not.
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok) {
      try {
        window.localStorage.setItem(PENDING_REF_KEY, answer.reference);
        window.localStorage.setItem(PENDING_ID_KEY, answer.paymentId);
      } catch {
        // Private mode or storage full: the server keeps the reference anyway.
      }
      setRedirecting(true);
      showToast({ kind: "info", title: "payment:toasts.redirecting", description: "payment:toasts.redirectingDetail" });
      const timer = window.setTimeout(() => window.location.assign(answer.checkoutUrl), REDIRECT_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    setProcessing(false);
    showToast(failureToast(answer.error));
  }, [fetcher.state, fetcher.data, showToast]);

  // A page answered by the server without the fetcher (sent before the scripts ran, or with them
  // off): once scripts run, the same 'Payment failed' toast.
  useEffect(() => {
    if (!actionData || actionData.ok || handled.current === actionData) return;
    handled.current = actionData;
    showToast(failureToast(actionData.error));
  }, [actionData, showToast]);

  // The method chosen so far: the number and the button show once there is one.
  const showDetails = !hydrated || method !== "";
  const busy = processing || redirecting || fetcher.state !== "idle";
  const hintId = `${id}-phone-hint`;
  const text = (message: string) => (isMessageKey(message) ? t(message, { phone: "677123456" }) : message);

  return (
    <fetcher.Form method="post" action={action} {...getFormProps(form)} className="space-y-5" aria-busy={busy}>
      {current && !current.ok ? <PaymentErrorNotice error={current.error} /> : null}

      <fieldset>
        <legend className="label">{t("payment:form.methodLegend")}</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-2">
          {PAYMENT_METHODS.map((value) => {
            const { key: _key, ...radio } = getInputProps(fields.method, { type: "radio", value });
            return (
              <label
                key={value}
                htmlFor={`${id}-method-${value}`}
                className="flex cursor-pointer items-center gap-3 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-600 dark:has-[:checked]:bg-slate-800"
              >
                <input
                  {...radio}
                  id={`${id}-method-${value}`}
                  className="h-4 w-4"
                  onChange={(event) => setMethod(event.currentTarget.value)}
                />
                <span className="font-medium">{t(`payment:methods.${value}`)}</span>
              </label>
            );
          })}
        </div>
        {fields.method.errors?.length ? (
          <ul id={fields.method.errorId} className="field-error">
            {[...new Set(fields.method.errors.map(text))].map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      {showDetails ? (
        <>
          <div>
            <label htmlFor={fields.phone.id} className="label">
              {t("payment:form.phoneLabel")}
            </label>
            <div className="flex">
              <span className="inline-flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-100 px-3 text-base font-medium text-slate-800 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100">
                +237
              </span>
              {/* A text field: the nine digits after +237 are the number without its country code
                  (autocomplete "tel-national"), which HTML allows on text fields only, not on
                  type="tel" (that takes the whole number, "tel"); inputMode still brings the digits keypad. */}
              <input
                {...(({ key: _key, ...p }) => p)(getInputProps(fields.phone, { type: "text" }))}
                className="input rounded-l-none"
                inputMode="numeric"
                pattern="[0-9]{9}"
                placeholder={PHONE_PLACEHOLDER}
                autoComplete="tel-national"
                required
                aria-describedby={[hintId, fields.phone.errors?.length ? fields.phone.errorId : null].filter(Boolean).join(" ")}
              />
            </div>
            <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {t("payment:form.phoneHint")}
            </p>
            {fields.phone.errors?.length ? (
              <ul id={fields.phone.errorId} className="field-error">
                {[...new Set(fields.phone.errors.map(text))].map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            ) : null}
          </div>

          <button type="submit" className="btn-primary w-full text-base" disabled={busy}>
            {redirecting
              ? t("payment:toasts.redirecting")
              : busy
                ? t("payment:form.processing")
                : t("payment:form.pay", { amount: formatXaf(amount) })}
          </button>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("payment:form.chooseMethodFirst")}</p>
      )}
    </fetcher.Form>
  );
}

export function failureToast(error: PaymentErrorView) {
  return {
    kind: "error" as const,
    title: "payment:toasts.failed",
    description: error.detailKey ?? error.key,
    params: error.params,
  };
}

/** The destructive notice written in the page: 'Payment failed' and why. */
export function PaymentErrorNotice({ error }: { error: PaymentErrorView }) {
  const { t } = useTranslation(["payment", "common"]);
  return (
    <div
      role="alert"
      data-testid="payment-error"
      className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{t("payment:toasts.failed")}</p>
      <p className="mt-1 text-sm">{t(error.key, error.params)}</p>
      {error.detailKey ? <p className="mt-1 text-sm">{t(error.detailKey, error.params)}</p> : null}
    </div>
  );
}

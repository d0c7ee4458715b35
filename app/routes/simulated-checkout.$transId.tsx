// /simulated-checkout/{transId}: the demo's stand-in for the provider's hosted checkout page
// (PAYMENT_PROVIDER=simulated only; a 404 otherwise). Only the signed-in account that started the
// payment sees it (a visitor is sent to log in, anyone else gets a 404, as for an unknown
// transaction), so nobody can approve someone else's payment. The payer approves or declines; numbers ending
// in 000 are always declined. After a 2 s "processing" step (a visible state with JavaScript, a wait
// in the action without it) the payer returns to /payment-success?ref=… The decision reaches our
// payment through the same handling as a Fapshi webhook (the gateway's notifier → handleWebhook).
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useNavigation, useSubmit } from "@remix-run/react";
import { Form, Link } from "~/components/link";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/utils/translation";
import { PaymentGatewayError } from "#domain/payment/payment-gateway.port";
import { titleMeta } from "~/utils/page-title";
import { cleanKey } from "~/utils/clean-key";
import { i18next } from "~/i18next.server";
import { requireUser } from "~/utils/auth.server";
import { formatXaf } from "~/utils/format";
import { notFound } from "~/utils/not-found.server";
import { readFormOrNull } from "~/utils/form-data.server";

export const handle = { i18n: ["payment"] };
export const meta = titleMeta;

/** How long the simulated provider "processes" a decision. */
const PROCESSING_MS = 2000;

function checkoutPort(context: LoaderFunctionArgs["context"]) {
  const port = context.services.money.simulated;
  // Never with the real provider, even if a simulated gateway were wired by mistake.
  if (!port || context.services.config.payments.provider !== "simulated") throw notFound();
  return port;
}

/** The checkout, for its own payer only: a visitor logs in first, anyone else gets a 404. */
async function payersCheckout(context: LoaderFunctionArgs["context"], request: Request, transId: string | null) {
  const port = checkoutPort(context);
  const user = await requireUser(context, request);
  const checkout = transId ? await port.findCheckout(transId) : null;
  if (!checkout || checkout.userId !== user.id) throw notFound();
  return { port, checkout };
}

/** Our own return page, as a path (the gateway stored it as an absolute URL on our origin). */
function returnPath(returnUrl: string): string {
  try {
    const url = new URL(returnUrl, "http://localhost");
    return url.pathname.startsWith("/payment-success") ? `${url.pathname}${url.search}` : "/payment";
  } catch {
    return "/payment";
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { checkout } = await payersCheckout(context, request, cleanKey(params.transId, 64));
  const t = await i18next.getFixedT(request, "payment");
  return {
    title: t("checkout.title"),
    transId: checkout.transId,
    status: checkout.status,
    amount: checkout.amount,
    method: checkout.medium === "orange money" ? "orange_money" : "mtn_momo",
    phone: checkout.phone,
    payerName: checkout.payerName,
    description: checkout.message,
    returnTo: returnPath(checkout.returnUrl),
  };
}

export async function action({ context, params, request }: ActionFunctionArgs) {
  const transId = cleanKey(params.transId, 64);
  const { port, checkout } = await payersCheckout(context, request, transId);
  const formData = await readFormOrNull(request);
  const intent = formData?.get("intent");
  if (!transId || (intent !== "approve" && intent !== "decline")) return new Response(null, { status: 400 });

  // Without JavaScript the wait happens here; with it the page showed its processing state already.
  if (formData?.get("processed") !== "client") await new Promise((resolve) => setTimeout(resolve, PROCESSING_MS));
  try {
    if (intent === "approve") await port.approve(transId);
    else await port.decline(transId);
  } catch (error) {
    if (error instanceof PaymentGatewayError && error.kind === "rejected") throw notFound();
    throw error;
  }
  return redirect(returnPath(checkout.returnUrl), 303);
}

export default function SimulatedCheckoutPage() {
  const { t } = useTranslation("payment");
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const [processing, setProcessing] = useState<"approve" | "decline" | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const open = data.status === "pending" || data.status === "failed";

  // With JavaScript: show "processing" for 2 s, then send the decision (the action does not wait again).
  useEffect(() => {
    if (!processing) return;
    const timer = window.setTimeout(() => {
      submit({ intent: processing, processed: "client" }, { method: "post", replace: true });
    }, PROCESSING_MS);
    return () => window.clearTimeout(timer);
  }, [processing, submit]);

  const busy = processing !== null || navigation.state !== "idle";

  return (
    <section className="container-page flex justify-center py-10">
      <div className="card w-full max-w-md p-6">
        <p className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{t("checkout.provider")}</p>
        <h1 className="mt-1 text-2xl font-bold">{t("checkout.title")}</h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("checkout.demoNotice")}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{t("checkout.merchant")}</dt>
          <dd>KamerNest</dd>
          <dt className="font-medium">{t("checkout.amount")}</dt>
          <dd className="text-lg font-bold">{formatXaf(data.amount)}</dd>
          <dt className="font-medium">{t("checkout.method")}</dt>
          <dd>{t(`methods.${data.method}`)}</dd>
          <dt className="font-medium">{t("checkout.phone")}</dt>
          <dd>+237 {data.phone}</dd>
          <dt className="font-medium">{t("checkout.description")}</dt>
          <dd>{data.description}</dd>
          <dt className="font-medium">{t("checkout.status")}</dt>
          <dd>{t(`checkout.statuses.${data.status}`)}</dd>
        </dl>

        {busy ? (
          <p role="status" className="mt-6 flex items-center gap-2 font-medium">
            <span
              className="inline-block h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
              aria-hidden="true"
            />
            {t("checkout.processing")}
          </p>
        ) : null}

        {open ? (
          <Form
            method="post"
            ref={formRef}
            replace
            className="mt-6 flex flex-wrap gap-3"
            onSubmit={(event) => {
              const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
              const intent = submitter?.value;
              event.preventDefault();
              if (busy || (intent !== "approve" && intent !== "decline")) return;
              setProcessing(intent);
            }}
          >
            <button type="submit" name="intent" value="approve" className="btn-primary flex-1" disabled={busy}>
              {t("checkout.approve", { amount: formatXaf(data.amount) })}
            </button>
            <button type="submit" name="intent" value="decline" className="btn-danger flex-1" disabled={busy}>
              {t("checkout.decline")}
            </button>
          </Form>
        ) : (
          <Link to={data.returnTo} className="btn-primary mt-6">
            {t("checkout.return")}
          </Link>
        )}
      </div>
    </section>
  );
}

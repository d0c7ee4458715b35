// /agents/earnings (issue 9): the approved agent's commissions. Totals per status (summed by the
// database), the next weekly payout date, and the commissions newest first, 10 a page, each with
// its date, property, amount, status and, when voided, the reason. Nothing about the student is
// shown. A plain page with link pagination, so it works without JavaScript.
// Issue 34: the payout number (changed with the password, decision 0212) and each payout made
// through the provider, with its date, number, amount, status and the provider's reference.
import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { setPayoutNumber } from "#domain/payout/set-payout-number.use-case";
import { PAYOUT_NUMBER_ERROR_FIELD, payoutNumberSchema } from "~/components/payouts/payout-number-schema";
import { PayoutNumberSection, PayoutsTable } from "~/components/payouts/payout-sections";
import { clientIp } from "~/utils/auth.server";
import { describeDomainError } from "~/utils/domain-errors.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import { useTranslation } from "~/utils/translation";
import { getAgentEarnings } from "#domain/commission/agent-earnings.query";
import { titleMeta } from "~/utils/page-title";
import { PortalLayout } from "~/components/portal/portal-layout";
import { Pagination } from "~/components/listings/pagination";
import { i18next } from "~/i18next.server";
import { requireAgent } from "~/utils/auth.server";
import { ScrollRegion } from "~/components/scroll-region";
import { formatDate, formatXaf } from "~/utils/format";

export const handle = { i18n: ["auth", "portal", "listings", "payouts"] };

/** The payouts shown on the page: the latest ones (one a week, so a page holds months). */
const PAYOUTS_SHOWN = 20;
export const meta = titleMeta;

function pageOf(raw: string | null): number {
  const n = typeof raw === "string" && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return n >= 1 ? n : 1;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAgent(context, request);
  const earnings = await getAgentEarnings(context.services.money.earnings, user.id, pageOf(new URL(request.url).searchParams.get("page")));
  const t = await i18next.getFixedT(request, "portal");
  const [number, payouts] = await Promise.all([
    context.services.payouts.reader.findNumber(user.id),
    context.services.payouts.reader.listByAgent(user.id, PAYOUTS_SHOWN),
  ]);
  return {
    title: t("earnings.title"),
    payoutNumber: number ? { phone: number.phone, medium: number.medium } : null,
    payouts: payouts.map((p) => ({
      id: p.id,
      date: p.createdAt.toISOString(),
      phone: p.phone,
      medium: p.medium,
      amount: p.amount,
      status: p.status,
      reference: p.transId,
      reason: p.reason,
    })),
    totals: earnings.totals,
    // The scheduled run when PAYOUT_SCHEDULE moves it (decision 0223); Monday's otherwise (0116).
    nextPayoutAt: (context.services.payouts.nextRunAt(context.services.money.earnings.clock.now()) ?? earnings.nextPayoutAt).toISOString(),
    page: earnings.page,
    pageCount: earnings.pageCount,
    total: earnings.total,
    items: earnings.items.map((e) => ({
      id: e.id,
      date: e.date.toISOString(),
      propertyId: e.propertyId,
      propertyTitle: e.propertyTitle,
      amount: e.amount,
      status: e.status,
      voidReason: e.voidReason,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAgent(context, request);
  const formData = await readFormOrNull(request);
  const submission = parseWithZod(formData ?? new FormData(), { schema: payoutNumberSchema });
  if (!formData) return data(submission.reply({ formErrors: ["auth:errors.bad_form"] }), { status: 400 });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  const result = await setPayoutNumber(context.services.payouts.number, {
    agentId: user.id,
    phone: submission.value.phone,
    medium: submission.value.medium,
    password: submission.value.password,
    ip: clientIp(context),
  });
  if (!result.ok) {
    const error = await describeDomainError(request, result.error);
    const field = PAYOUT_NUMBER_ERROR_FIELD[result.error.code];
    return data(
      submission.reply({
        hideFields: ["password"],
        ...(field ? { fieldErrors: { [field]: [error.message] } } : { formErrors: [error.message] }),
      }),
      { status: error.status },
    );
  }
  return redirectWithToast(context, request, "/agents/earnings", { kind: "success", title: "payouts:toasts.numberSaved" });
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function AgentEarningsPage() {
  const { t, i18n } = useTranslation("portal");
  const { totals, nextPayoutAt, items, page, pageCount, payoutNumber, payouts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <PortalLayout portal="agent" title={t("earnings.title")} intro={t("earnings.intro")}>
      <section aria-labelledby="earnings-totals">
        <h2 id="earnings-totals" className="sr-only">
          {t("earnings.totals.label")}
        </h2>
        {/* One column below 360 px: an amount never wraps (no-break spaces), and two big ones side
            by side are wider than a 320 px screen. */}
        <dl className="grid grid-cols-1 gap-4 min-[360px]:grid-cols-2 lg:grid-cols-4">
          <Total
            testId="total-earned"
            label={t("earnings.totals.earned")}
            amount={totals.earned}
            count={totals.counts.pending + totals.counts.paid}
          />
          <Total testId="total-paid" label={t("earnings.totals.paid")} amount={totals.paid} count={totals.counts.paid} />
          <Total testId="total-pending" label={t("earnings.totals.pending")} amount={totals.pending} count={totals.counts.pending} />
          <Total testId="total-voided" label={t("earnings.totals.voided")} amount={totals.voided} count={totals.counts.voided} />
        </dl>
        <p className="mt-4 font-semibold" data-testid="next-payout">
          {t("earnings.nextPayout", { date: formatDate(nextPayoutAt, i18n.language, { weekday: "long" }) })}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("earnings.nextPayoutHint")}</p>
      </section>
      <section aria-labelledby="earnings-list" className="mt-8">
        <h2 id="earnings-list" className="text-lg font-semibold">
          {t("earnings.list.label")}
        </h2>
        {items.length === 0 ? (
          <div className="card mt-3 p-6">
            <p>{t("earnings.list.empty")}</p>
          </div>
        ) : (
          <EarningsTable items={items} />
        )}
        <Pagination
          page={page}
          pageCount={pageCount}
          label={t("earnings.pagination")}
          hrefFor={(p) => (p > 1 ? `/agents/earnings?page=${p}` : "/agents/earnings")}
        />
      </section>
      <PayoutNumberSection number={payoutNumber} lastResult={lastResult} />
      <section aria-labelledby="payouts-list" className="mt-8">
        <h2 id="payouts-list" className="text-lg font-semibold">
          {t("payouts:list.title")}
        </h2>
        <PayoutsTable payouts={payouts} />
      </section>
    </PortalLayout>
  );
}

function Total({ testId, label, amount, count }: { testId: string; label: string; amount: number; count: number }) {
  const { t } = useTranslation("portal");
  return (
    <div className="card p-4" data-testid={testId}>
      <dt className="text-sm text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-xl font-bold">{formatXaf(amount)}</dd>
      <dd className="text-sm text-slate-600 dark:text-slate-400">{t("earnings.totals.count", { count })}</dd>
    </div>
  );
}

function EarningsTable({ items }: { items: Data["items"] }) {
  const { t, i18n } = useTranslation("portal");
  return (
    <ScrollRegion label={t("earnings.list.label")} className="card mt-3">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2">
              {t("earnings.list.date")}
            </th>
            <th scope="col" className="px-4 py-2">
              {t("earnings.list.property")}
            </th>
            <th scope="col" className="px-4 py-2">
              {t("earnings.list.amount")}
            </th>
            <th scope="col" className="px-4 py-2">
              {t("earnings.list.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="earning">
              <td className="px-4 py-2 whitespace-nowrap">{formatDate(item.date, i18n.language)}</td>
              <td className="px-4 py-2">{item.propertyTitle}</td>
              <td className="px-4 py-2 whitespace-nowrap">{formatXaf(item.amount)}</td>
              <td className="px-4 py-2">
                <span className="font-semibold">{t(`earnings.status.${item.status}`)}</span>
                {item.voidReason ? (
                  <p className="text-slate-700 dark:text-slate-300" data-testid="void-reason">
                    {t("earnings.voidReason", { reason: item.voidReason })}
                  </p>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

// The agent's payout number (with its change form) and their payouts, on /agents/earnings (issue 34).
import { Form, Link } from "~/components/link";
import { ErrorList, FormAlert, TextField } from "~/components/forms/form-fields";
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "~/utils/form";
import { formatDate, formatXaf } from "~/utils/format";
import { useTranslation } from "~/utils/translation";

export interface PayoutLine {
  id: string;
  date: string;
  phone: string;
  medium: string;
  amount: number;
  status: "pending" | "successful" | "failed";
  reference: string | null;
  reason: string | null;
  agent?: string;
}

export function PayoutNumberSection({
  number,
  lastResult,
}: {
  number: { phone: string; medium: string } | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("payouts");
  const [form, fields] = useForm<{ phone: string; medium: string; password: string }>({
    id: "payout-number",
    lastResult,
    defaultValue: { phone: number?.phone ?? "", medium: number?.medium ?? "" },
  });
  return (
    <section aria-labelledby="payout-number-heading" className="card mt-8 p-6">
      <h2 id="payout-number-heading" className="text-lg font-semibold">
        {t("number.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("number.intro")}</p>
      <p className="mt-3 font-semibold" data-testid="payout-number">
        {number ? t("number.current", { number: number.phone, network: t(`networks.${number.medium}`) }) : t("number.none")}
      </p>
      <details className="mt-4" open={Boolean(lastResult && lastResult.status === "error") || !number}>
        <summary className="link cursor-pointer">{number ? t("number.change") : t("number.set")}</summary>
        <Form method="post" {...getFormProps(form)} className="mt-4 max-w-md space-y-4">
          <FormAlert id={form.errorId} errors={form.errors} />
          <input type="hidden" name="intent" value="payout-number" />
          <TextField
            label={t("number.phone")}
            hint={t("number.phoneHint")}
            errors={fields.phone.errors}
            errorId={fields.phone.errorId}
            inputProps={{ ...getInputProps(fields.phone, { type: "tel" }), autoComplete: "tel-national", inputMode: "tel" }}
          />
          <fieldset aria-describedby={fields.medium.errors?.length ? fields.medium.errorId : undefined}>
            <legend className="label">{t("number.network")}</legend>
            <div className="mt-1 flex flex-wrap gap-4">
              {(["mtn_momo", "orange_money"] as const).map((medium) => {
                const { key: _key, ...props } = getInputProps(fields.medium, { type: "radio", value: medium });
                return (
                  <label key={medium} className="flex items-center gap-2" htmlFor={`payout-medium-${medium}`}>
                    <input {...props} id={`payout-medium-${medium}`} className="h-4 w-4" />
                    {t(`networks.${medium}`)}
                  </label>
                );
              })}
            </div>
            <ErrorList id={fields.medium.errorId} errors={fields.medium.errors} />
          </fieldset>
          <TextField
            label={t("number.password")}
            hint={t("number.passwordHint")}
            errors={fields.password.errors}
            errorId={fields.password.errorId}
            inputProps={{ ...getInputProps(fields.password, { type: "password", value: false }), autoComplete: "current-password" }}
          />
          <button type="submit" className="btn-primary">
            {t("number.save")}
          </button>
        </Form>
      </details>
    </section>
  );
}

/** `showAgent`: the admin's list, with the agent and a link to each payout's timeline. */
export function PayoutsTable({ payouts, showAgent = false }: { payouts: PayoutLine[]; showAgent?: boolean }) {
  const { t, i18n } = useTranslation("payouts");
  if (payouts.length === 0) return <p className="card mt-3 p-6">{t("list.empty")}</p>;
  return (
    // Scrolls sideways on a narrow screen: focusable, so a keyboard can scroll it too.
    <div className="card mt-3 overflow-x-auto" tabIndex={0} role="region" aria-label={t("list.title")}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 dark:border-slate-700">
          <tr>
            <th scope="col" className="px-4 py-2">
              {t("list.date")}
            </th>
            {showAgent ? (
              <th scope="col" className="px-4 py-2">
                {t("list.agent")}
              </th>
            ) : null}
            <th scope="col" className="px-4 py-2">
              {t("list.number")}
            </th>
            <th scope="col" className="px-4 py-2">
              {t("list.amount")}
            </th>
            <th scope="col" className="px-4 py-2">
              {t("list.status")}
            </th>
            <th scope="col" className="px-4 py-2">
              {t("list.reference")}
            </th>
          </tr>
        </thead>
        <tbody>
          {payouts.map((p) => (
            <tr key={p.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid="payout">
              <td className="px-4 py-2 whitespace-nowrap">
                {showAgent ? (
                  <Link to={`/admin/payouts/${encodeURIComponent(p.id)}`} className="link">
                    {formatDate(p.date, i18n.language)}
                  </Link>
                ) : (
                  formatDate(p.date, i18n.language)
                )}
              </td>
              {showAgent ? <td className="px-4 py-2">{p.agent}</td> : null}
              <td className="px-4 py-2 whitespace-nowrap">
                {p.phone}
                <span className="block text-xs text-slate-600 dark:text-slate-400">{t(`networks.${p.medium}`)}</span>
              </td>
              <td className="px-4 py-2 whitespace-nowrap">{formatXaf(p.amount)}</td>
              <td className="px-4 py-2">
                <span className="font-semibold" data-testid="payout-status">
                  {t(`status.${p.status}`)}
                </span>
                {p.status === "failed" && p.reason ? (
                  <p className="text-slate-700 dark:text-slate-300" data-testid="payout-reason">
                    {t("failedReason", { reason: p.reason })}
                  </p>
                ) : null}
              </td>
              <td className="px-4 py-2 font-mono break-all" data-testid="payout-reference">
                {p.reference ?? t("list.none")}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

// The Approve form of an agent's or a host's review (issue 33, decision 0209). Approving asks for
// confirmation with a required checkbox, which works the same with JavaScript off; an applicant
// with no document on file can only be approved with a written reason, kept in the audit log (the
// domain refuses otherwise). The form posts to the page's action: the server checks both again.
import { Form } from "~/components/link";
import { ErrorList } from "~/components/forms/form-fields";
import { useTranslation } from "~/utils/translation";

export function ApproveForm({
  id,
  action,
  name,
  hasDocuments,
  fields,
  errors,
  approveLabel,
}: {
  /** Unique on the page: prefixes the fields' ids. */
  id: string;
  action?: string;
  /** The applicant's name, in the confirmation's wording. */
  name: string;
  hasDocuments: boolean;
  fields?: Record<string, string>;
  errors?: Record<string, string[] | null | undefined>;
  /** The button's text when the applicant has documents ("Approve" by default). */
  approveLabel?: string;
}) {
  const { t } = useTranslation("admin-users");
  const confirmId = `${id}-confirm`;
  const reasonId = `${id}-override`;
  return (
    <Form method="post" action={action} className="space-y-2" data-testid="approve-form">
      {Object.entries(fields ?? {}).map(([field, value]) => (
        <input key={field} type="hidden" name={field} value={value} />
      ))}
      {hasDocuments ? null : (
        <div>
          <p className="text-sm font-medium text-amber-900 dark:text-amber-200">{t("approval.noDocuments")}</p>
          <label htmlFor={reasonId} className="label mt-2">
            {t("approval.overrideReason")}
          </label>
          <textarea
            id={reasonId}
            name="overrideReason"
            rows={2}
            maxLength={1000}
            className="input"
            aria-invalid={errors?.overrideReason?.length ? true : undefined}
            aria-describedby={errors?.overrideReason?.length ? `${reasonId}-error` : undefined}
          />
          <ErrorList id={`${reasonId}-error`} errors={errors?.overrideReason} />
        </div>
      )}
      <div className="flex items-start gap-2">
        <input
          id={confirmId}
          name="confirmed"
          type="checkbox"
          value="yes"
          required
          className="mt-1 h-4 w-4"
          aria-invalid={errors?.confirmed?.length ? true : undefined}
          aria-describedby={errors?.confirmed?.length ? `${confirmId}-error` : undefined}
        />
        <label htmlFor={confirmId} className="text-sm">
          {t(hasDocuments ? "approval.confirm" : "approval.confirmWithoutDocuments", { name })}
        </label>
      </div>
      <ErrorList id={`${confirmId}-error`} errors={errors?.confirmed} />
      <button type="submit" name="intent" value="approve" className="btn-primary">
        {hasDocuments ? (approveLabel ?? t("approval.approve")) : t("approval.approveWithoutDocuments")}
      </button>
    </Form>
  );
}

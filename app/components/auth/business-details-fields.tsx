// The agent's business details: the same fields, labels and checks on the verification form and
// on the portal's profile form, so both ask for them the same way.
import { getInputProps, type FieldMetadata } from "~/utils/form";
import { useTranslation } from "~/utils/translation";
import { SPECIALIZATIONS } from "./agent-fields";
import { ErrorList, TextField } from "~/components/forms/form-fields";

type TextName = "businessName" | "licenseNumber" | "businessPhone" | "businessEmail" | "businessAddress" | "websiteUrl";

/** The Conform fields of a form that carries the business details (any schema with these names). */
export type BusinessDetailsFieldset = Record<TextName | "specializations", FieldMetadata>;

export function BusinessDetailsFields({ fields }: { fields: BusinessDetailsFieldset }) {
  const { t } = useTranslation("auth");
  const chosen = new Set(([] as unknown[]).concat(fields.specializations.initialValue ?? []).map(String));
  const text = (name: TextName, type: "text" | "tel" | "email" | "url", autoComplete: string, hint?: string) => (
    <TextField
      label={t(`verification.fields.${name}`)}
      hint={hint}
      errors={fields[name].errors}
      errorId={fields[name].errorId}
      inputProps={{ ...getInputProps(fields[name], { type }), autoComplete }}
    />
  );
  return (
    <>
      {text("businessName", "text", "organization")}
      {text("licenseNumber", "text", "off")}
      <fieldset>
        <legend className="label">{t("verification.fields.specializations")}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {SPECIALIZATIONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fields.specializations.name}
                value={value}
                defaultChecked={chosen.has(value)}
                className="h-4 w-4"
              />
              {t(`verification.specializations.${value}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.specializations.errorId} errors={fields.specializations.errors} />
      </fieldset>
      {text("businessPhone", "tel", "tel", t("fields.phoneHint"))}
      {text("businessEmail", "email", "email")}
      {/* One line: "street-address" is for a multi-line field (a textarea) only. */}
      {text("businessAddress", "text", "address-line1")}
      {text("websiteUrl", "url", "url", t("verification.websiteHint"))}
    </>
  );
}

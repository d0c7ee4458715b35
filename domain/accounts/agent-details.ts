import { err, ok, type Result } from "../shared/result";
import { withoutControlCharacters } from "../shared/text";
import { isValidEmail, isValidHttpUrl, normaliseCameroonPhone, normaliseEmail } from "./account-rules";
import { authError, type AuthError } from "./accounts.errors";
import type { AgentVerificationDetails } from "./agent.entity";

/** The business fields as a form sends them: anything may be missing or blank. */
export interface AgentDetailsInput {
  businessName?: string | null;
  licenseNumber?: string | null;
  specializations?: string[] | null;
  businessPhone?: string | null;
  businessEmail?: string | null;
  businessAddress?: string | null;
  websiteUrl?: string | null;
}

/**
 * The one rule for an agent's business fields, whether sent for verification or edited later:
 * name, licence, phone, e-mail and address required; the phone a Cameroon number (stored
 * +2376XXXXXXXX), the e-mail valid (stored lower-case), the website empty or http(s); the
 * specializations trimmed, without blanks or repeats. Control characters are dropped everywhere.
 */
export function parseAgentDetails(input: AgentDetailsInput): Result<AgentVerificationDetails, AuthError> {
  const text = (v: string | null | undefined) => withoutControlCharacters(v ?? "").trim();
  const required = {
    businessName: text(input.businessName),
    licenseNumber: text(input.licenseNumber),
    businessPhone: text(input.businessPhone),
    businessEmail: text(input.businessEmail),
    businessAddress: text(input.businessAddress),
  };
  for (const [field, value] of Object.entries(required)) {
    if (value === "") return err(authError("auth.verification_field_required", { field }));
  }
  const businessPhone = normaliseCameroonPhone(required.businessPhone);
  if (!businessPhone) return err(authError("auth.invalid_phone"));
  const businessEmail = normaliseEmail(required.businessEmail);
  if (!isValidEmail(businessEmail)) return err(authError("auth.invalid_email"));
  const websiteUrl = text(input.websiteUrl);
  if (websiteUrl !== "" && !isValidHttpUrl(websiteUrl)) return err(authError("auth.invalid_url"));
  const specializations = [...new Set((input.specializations ?? []).map(text).filter(Boolean))];
  return ok({
    businessName: required.businessName,
    licenseNumber: required.licenseNumber,
    specializations,
    businessPhone,
    businessEmail,
    businessAddress: required.businessAddress,
    websiteUrl: websiteUrl === "" ? null : websiteUrl,
  });
}

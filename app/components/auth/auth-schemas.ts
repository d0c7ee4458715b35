// One Zod schema per accounts form, run by the action (parseWithZod on the server); the loader
// gives the form its HTML constraints (getZodConstraint, decision 0144). Messages are i18n keys
// ("auth:errors.x"); <FieldError> translates them. The rules themselves live in the domain
// (account-rules.ts): the schemas only reuse them and bound every field's size.
import { z } from "zod";
import { isValidEmail, isValidHttpUrl, normaliseCameroonPhone, PASSWORD_MIN_LENGTH } from "#domain/accounts/account-rules";
import { MAX_DOCUMENT_BYTES } from "#domain/accounts/agent.entity";
import { MAX_DOCUMENTS, SPECIALIZATIONS } from "./agent-fields";

// Also the browser's (agent-fields.ts has no Zod).
export { MAX_DOCUMENTS, SPECIALIZATIONS };

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 128;
export const PHONE_MAX = 30;
export const TEXT_MAX = 200;

const REQUIRED_SIGNUP = "auth:errors.required_fields";
const REQUIRED_LOGIN = "auth:errors.required_fields_login";

const redirectTo = z.string().max(2000).optional();

const email = (required: string) =>
  z
    .string({ required_error: required })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, "auth:errors.invalid_email")
    .refine((v) => v === "" || isValidEmail(v), "auth:errors.invalid_email");

const optionalPhone = z
  .string()
  .trim()
  .max(PHONE_MAX, "auth:errors.invalid_phone")
  .refine((v) => normaliseCameroonPhone(v) !== null, "auth:errors.invalid_phone")
  .optional();

const newPassword = (required: string) =>
  z
    .string({ required_error: required })
    .min(PASSWORD_MIN_LENGTH, "auth:errors.password_too_short")
    .max(PASSWORD_MAX, "auth:errors.password_too_long");

/** A checkbox: present ("on") means agreed. */
/** A box to tick; each says what it is for, so two unticked boxes never repeat one sentence (issue 32). */
const agreement = (message: string) => z.boolean({ required_error: message }).refine((v) => v, message);

export const signupSchema = z.object({
  name: z.string({ required_error: REQUIRED_SIGNUP }).trim().min(1, REQUIRED_SIGNUP).max(NAME_MAX, "auth:errors.name_too_long"),
  email: email(REQUIRED_SIGNUP),
  phone: optionalPhone,
  password: newPassword(REQUIRED_SIGNUP),
  agreeToTerms: agreement("auth:errors.agree_terms"),
  agreeToPrivacy: agreement("auth:errors.agree_privacy"),
  accountKind: z.enum(["student", "agent"], { errorMap: () => ({ message: "auth:errors.account_kind_required" }) }).default("student"),
});

export const loginSchema = z.object({
  intent: z.literal("password").optional(),
  email: email(REQUIRED_LOGIN),
  password: z.string({ required_error: REQUIRED_LOGIN }).max(PASSWORD_MAX, "auth:errors.invalid_credentials"),
  redirectTo,
});

export const totpLoginSchema = z.object({
  intent: z.literal("totp"),
  pendingLoginToken: z.string({ required_error: "auth:errors.login_expired" }).max(200, "auth:errors.login_expired"),
  code: z.string({ required_error: "auth:errors.code_required" }).trim().max(40, "auth:errors.totp_invalid"),
  redirectTo,
});

export const forgotPasswordSchema = z.object({
  email: email("auth:errors.email_required"),
});

export const resetPasswordSchema = z
  .object({
    token: z.string({ required_error: "auth:errors.token_invalid" }).max(200, "auth:errors.token_invalid"),
    password: newPassword("auth:errors.password_too_short"),
    confirmPassword: z.string({ required_error: "auth:errors.passwords_do_not_match" }).max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "auth:errors.passwords_do_not_match" });

export const profileSchema = z.object({
  intent: z.literal("profile"),
  fullName: z
    .string({ required_error: "auth:errors.name_required" })
    .trim()
    .min(1, "auth:errors.name_required")
    .max(NAME_MAX, "auth:errors.name_too_long"),
  phone: optionalPhone,
});

export const changePasswordSchema = z.object({
  intent: z.literal("password"),
  currentPassword: z.string({ required_error: "auth:errors.wrong_password" }).max(PASSWORD_MAX, "auth:errors.wrong_password"),
  newPassword: newPassword("auth:errors.password_too_short"),
});

export const signOutEverywhereSchema = z.object({ intent: z.literal("sign-out-everywhere") });

export const totpConfirmSchema = z.object({
  // No secret: the key being enrolled is kept on the server (a posted one is ignored).
  intent: z.literal("enable"),
  code: z
    .string({ required_error: "auth:errors.code_required" })
    .trim()
    .regex(/^\d{6}$/, "auth:errors.totp_format"),
});

export const totpDisableSchema = z.object({
  intent: z.literal("disable"),
  code: z.string({ required_error: "auth:errors.code_required" }).trim().max(40, "auth:errors.totp_invalid"),
});

const requiredText = (field: string) =>
  z
    .string({ required_error: `auth:errors.verification_${field}_required` })
    .trim()
    .min(1, `auth:errors.verification_${field}_required`)
    .max(TEXT_MAX, "auth:errors.text_too_long");

export const agentVerificationSchema = z.object({
  businessName: requiredText("business_name"),
  licenseNumber: requiredText("license_number"),
  specializations: z
    .array(z.enum(SPECIALIZATIONS, { errorMap: () => ({ message: "auth:errors.specialization_unknown" }) }))
    .max(SPECIALIZATIONS.length)
    .default([]),
  businessPhone: requiredText("business_phone").refine((v) => normaliseCameroonPhone(v) !== null, "auth:errors.invalid_phone"),
  businessEmail: requiredText("business_email").refine((v) => isValidEmail(v.toLowerCase()), "auth:errors.invalid_email"),
  businessAddress: requiredText("business_address"),
  websiteUrl: z.string().trim().max(TEXT_MAX, "auth:errors.text_too_long").refine(isValidHttpUrl, "auth:errors.invalid_url").optional(),
  // z.instanceof(File) unwrapped, so Conform recognises a file field and drops the empty file an
  // untouched <input type=file> sends; the size check is on the list.
  documents: z
    .array(z.instanceof(File, { message: "auth:errors.document_required" }), { required_error: "auth:errors.document_required" })
    .min(1, "auth:errors.document_required")
    .max(MAX_DOCUMENTS, "auth:errors.too_many_documents")
    .refine((files) => files.every((f) => f.size <= MAX_DOCUMENT_BYTES), "auth:errors.document_too_large"),
});

export const reviewAgentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("approve"),
    agentId: z.string().max(100),
    confirmed: z.literal("yes", { errorMap: () => ({ message: "auth:errors.approval_not_confirmed" }) }),
    // Only read when the applicant has no document on file (the domain's rule); kept in the audit log.
    overrideReason: z.string().trim().max(1000, "auth:errors.approval_reason_too_long").optional(),
  }),
  z.object({
    intent: z.literal("reject"),
    agentId: z.string().max(100),
    reason: z
      .string({ required_error: "auth:errors.rejection_reason_required" })
      .trim()
      .min(1, "auth:errors.rejection_reason_required")
      .max(1000, "auth:errors.text_too_long"),
  }),
]);

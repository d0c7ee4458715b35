import { domainError, type DomainError } from "../shared/result";

// Stable codes in the `auth` namespace; app/ translates them (public/locales/*/auth.json, key
// `errors.<suffix>`) and maps them to HTTP statuses. The English texts below are the spec's exact
// wording where the spec gives one; they are the reference for the English locale file.
export const AUTH_ERROR_MESSAGES_EN = {
  "auth.required_fields": "Name, email, and password are required",
  "auth.required_fields_login": "Email and password are required",
  "auth.password_too_short": "Password must be at least 6 characters long.",
  "auth.terms_required": "You must agree to our Terms of Service and Privacy Policy to continue",
  "auth.email_taken": "An account with this email already exists. Please try signing in instead.",
  "auth.invalid_email": "Please enter a valid email address.",
  "auth.invalid_phone": "Please enter a valid Cameroon phone number (e.g., +237 6XX XXX XXX).",
  "auth.invalid_credentials": "Invalid email or password. Please check your credentials and try again.",
  "auth.email_not_confirmed": "Please check your email and click the confirmation link before signing in.",
  "auth.too_many_attempts": "Too many attempts. Please wait 15 minutes and try again.",
  "auth.google_failed": "An error occurred during Google login",
  "auth.token_invalid": "This link is invalid or has already been used.",
  "auth.token_expired": "This link has expired. Please request a new one.",
  "auth.login_expired": "Your sign-in has expired. Please sign in again.",
  "auth.totp_invalid": "The code is not valid. Please try again.",
  "auth.totp_already_enabled": "Two-step verification is already on.",
  "auth.totp_not_enabled": "Two-step verification is not on.",
  "auth.wrong_password": "Your current password is not correct.",
  "auth.name_required": "Please enter your name.",
  "auth.account_not_found": "Account not found.",
  "auth.forbidden": "You do not have permission to do this.",
  "auth.verification_field_required": "Please fill in {field}.",
  "auth.invalid_url": "Please enter a valid website address.",
  "auth.document_required": "Please attach at least one document.",
  "auth.document_type": "Documents must be PDF, JPEG or PNG files.",
  "auth.document_too_large": "Each document must be at most 5 MB.",
  "auth.verification_pending": "Your verification is already being reviewed.",
  "auth.already_verified": "Your agent account is already verified.",
  "auth.agent_not_found": "Agent not found.",
  "auth.verification_not_pending": "This verification is not waiting for review.",
  "auth.rejection_reason_required": "Please give a reason for the rejection.",
  "auth.approval_documents_missing":
    "This applicant has no documents on file. Ask them for their documents, or approve anyway with a reason (kept in the audit log).",
  "auth.approval_reason_too_long": "The reason must be at most 1000 characters.",
  "auth.account_suspended": "This account is suspended. Please contact support if you think this is a mistake.",
  "auth.cannot_change_self": "You cannot change or suspend your own account here.",
  "auth.role_unchanged": "The user already has this role.",
  "auth.last_admin": "This is the last admin: add another address to ADMIN_EMAILS and sign in with it first.",
  "auth.cannot_suspend_admin": "An admin cannot be suspended: change their role first.",
  "auth.admin_grant_forbidden": "Only the ADMIN_EMAILS setting makes someone an admin: ask the operator to add the address there.",
  "auth.admin_removal_forbidden":
    "This admin's address is in ADMIN_EMAILS: the operator removes it there first, then you can change the role.",
  "auth.already_suspended": "This account is already suspended.",
  "auth.not_suspended": "This account is not suspended.",
  "auth.suspension_reason_required": "Please give a reason for the suspension.",
  "auth.suspension_reason_too_long": "The reason must be at most {max} characters.",
  "auth.document_not_found": "Document not found.",
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERROR_MESSAGES_EN;
export type AuthError = DomainError<AuthErrorCode>;

export const authError = (code: AuthErrorCode, params?: Record<string, string | number>): AuthError => domainError(code, params);

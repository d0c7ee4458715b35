// Every action the audit log is written with. The AuditLog port only records these (its `record`
// takes an AuditAction), so a new action is added here first, and tests/unit/admin/audit-messages
// checks that each one has a readable description in English and French.
export const AUDIT_ACTIONS = [
  "auth.role_granted_admin",
  "auth.agent_verification_submitted",
  "auth.agent_profile_updated",
  "auth.agent_terms_accepted",
  "hosting.verification_submitted",
  "admin.user_role_changed",
  "admin.user_suspended",
  "admin.user_reactivated",
  "admin.agent_approved",
  "admin.agent_rejected",
  "admin.host_approved",
  "admin.host_rejected",
  "admin.property_verified",
  "admin.property_unverified",
  "admin.property_hidden",
  "admin.property_unhidden",
  "admin.listing_restored",
  "admin.property_edited",
  "admin.report_closed",
  "admin.booking.cancel",
  "admin.payment_rechecked",
  "admin.commission_voided",
  "admin.payout_marked_paid",
  "admin.blog.create",
  "admin.blog.edit",
  "admin.blog.publish",
  "admin.blog.unpublish",
  "admin.blog.delete",
  "admin.faq.create",
  "admin.faq.edit",
  "admin.faq.move",
  "admin.faq.delete",
  "admin.legal.edit",
  "payout.created",
  "payout.succeeded",
  "payout.failed",
  "payout.number_changed",
  "data_rights.export_downloaded",
  "data_rights.account_closed",
  "data_rights.retention_run",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (action: string): action is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(action);

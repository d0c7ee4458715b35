// The one mapping from an audit action code, or a payment event type, to the i18n key of its
// readable description (issue 33): admin pages never show the code itself. Every code the code
// base writes (AUDIT_ACTIONS, PaymentEventType) has a key in English and French
// (tests/unit/admin/audit-messages.test.ts).

/** `admin.user_suspended` → `admin-users:audit.actions.admin_user_suspended`. */
export const auditActionKey = (action: string): string => `admin-users:audit.actions.${action.replace(/\./g, "_")}`;

/** `refund_queued` → `admin-payments:events.refund_queued`. */
export const paymentEventKey = (type: string): string => `admin-payments:events.${type}`;

// Approving an applicant (an agent or a host) vouches for them: their listings get the verified
// badge. With no document on file there is nothing to vouch from, so the approval is refused
// unless the admin overrides it with a written reason, which the audit log keeps (issue 33,
// decision 0209). The rule is shared by the agent and the host reviews.

/** The longest override reason kept (the audit log's reasons are at most this long elsewhere too). */
export const APPROVAL_OVERRIDE_REASON_MAX = 1000;

export type ApprovalDecision =
  /** Documents are on file: approve; no override is recorded. */
  | { kind: "approve" }
  /** No document, but a reason: approve and record the reason as an override. */
  | { kind: "override"; reason: string }
  /** No document and no (usable) reason: refuse. */
  | { kind: "refuse"; why: "documents_missing" | "reason_too_long" };

/** Whether an applicant with `documentCount` documents on file may be approved, given the admin's override reason. */
export function decideApproval(documentCount: number, overrideReason: string | null | undefined): ApprovalDecision {
  if (documentCount > 0) return { kind: "approve" };
  const reason = (overrideReason ?? "").trim();
  if (reason === "") return { kind: "refuse", why: "documents_missing" };
  if (reason.length > APPROVAL_OVERRIDE_REASON_MAX) return { kind: "refuse", why: "reason_too_long" };
  return { kind: "override", reason };
}

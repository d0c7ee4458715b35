// The /profile action's "proposal" intent: the student accepts or declines the time the agent
// proposed (decision 0117). Accepting moves the visit if that slot is still free.
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { answerProposal } from "#domain/booking/booking-lifecycle.use-cases";
import { redirectWithToast } from "~/utils/toast.server";
import { proposalAnswerSchema } from "~/components/booking/lifecycle-schema";
import { lifecycleBadForm, lifecycleRefused } from "~/utils/booking-lifecycle.server";
import { cleanKey } from "~/utils/clean-key";

export async function answerProposalAction(context: AppLoadContext, request: Request, studentId: string, formData: FormData) {
  const bookingId = cleanKey(formData.get("bookingId"));
  const submission = parseWithZod(formData, { schema: proposalAnswerSchema });
  if (!bookingId || submission.status !== "success") return lifecycleBadForm(request);
  const accept = submission.value.answer === "accept";
  const result = await answerProposal(context.services.money.lifecycle, { studentId, bookingId, accept });
  if (!result.ok) return lifecycleRefused(request, result.error);
  return redirectWithToast(context, request, "/profile#bookings", {
    kind: "success",
    title: accept ? "booking:toasts.proposalAccepted" : "booking:toasts.proposalDeclined",
  });
}

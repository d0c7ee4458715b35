// The inbox loader and reply action shared by /agents/messages and /messages: the route guards
// (agent portal or any signed-in user), this reads and writes only the signed-in user's threads.
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "#domain/accounts/account.entity";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import { listThreadsFor, threadWithMessages } from "#domain/messaging/messaging.queries";
import { replyInThread } from "#domain/messaging/reply-in-thread.use-case";
import { describeDomainError, throwDomainError } from "~/utils/domain-errors.server";
import { readFormOrNull } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { FormFailure } from "~/components/forms/form-bits";
import { replySchema } from "~/components/messaging/reply-schema";

/** The threads, newest first, and the one named by ?thread= opened (its messages become read). */
export async function loadInbox(context: AppLoadContext, request: Request, user: SessionUser) {
  const deps = context.services.messaging;
  const threadId = new URL(request.url).searchParams.get("thread");
  let open = null;
  if (threadId !== null) {
    // Someone else's thread, or none: the same 404, so an id says nothing about who talks to whom.
    const opened = await threadWithMessages(deps, { userId: user.id, threadId });
    if (!opened.ok) return throwDomainError(request, opened.error);
    open = opened.value;
  }
  // After opening, so the list already counts the opened thread as read.
  const threads = await listThreadsFor(deps, user.id);
  const unreadTotal = threads.reduce((sum, t) => sum + t.unreadCount, 0);
  return { threads, open, unreadTotal, bodyMax: MESSAGE_BODY_MAX };
}

const failure = (fieldErrors: Record<string, string>, formError: string | null, values: Record<string, string>, status: number) =>
  data<FormFailure>({ intent: "reply", fieldErrors, formError, values }, { status });

/** Replies in one of the user's threads; back to that thread with a toast. */
export async function replyAction(context: AppLoadContext, request: Request, user: SessionUser, basePath: string) {
  // Not a form at all: a 400, never a 500. Control characters are dropped as the form enters.
  const formData = await readFormOrNull(request);
  if (!formData) return failure({}, null, {}, 400);
  const submission = parseWithZod(formData, { schema: replySchema });
  // What was typed comes back with a refusal, so nothing is lost (bounded: the form is the attacker's).
  const sentBody = formData.get("body");
  const typed: Record<string, string> = typeof sentBody === "string" ? { body: sentBody.slice(0, MESSAGE_BODY_MAX * 2) } : {};
  if (submission.status !== "success") {
    const fieldErrors: Record<string, string> = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages && messages.length > 0) fieldErrors[name === "" ? "form" : name] = messages[0];
    }
    return failure(fieldErrors, null, typed, 400);
  }
  const { threadId, body } = submission.value;
  const result = await replyInThread(context.services.messaging, { userId: user.id, threadId, body });
  if (!result.ok) {
    const described = await describeDomainError(request, result.error);
    // Not theirs, or no such thread: a plain 404, with nothing stored and nothing about the thread.
    if (described.status === 404) throw data({ code: described.code, message: described.message }, { status: 404 });
    return failure({ body: described.message }, null, typed, described.status);
  }
  if (result.value.notice === "failed")
    context.services.log.warn({ threadId }, `[messages] e-mail notice for thread ${threadId} could not be sent`);
  return redirectWithToast(context, request, `${basePath}?${new URLSearchParams({ thread: threadId })}`, {
    kind: "success",
    title: "messages:toasts.replySent",
  });
}

// The reply form's schema, shared by the form and the action. It only bounds the fields: the body's
// rules (control characters dropped, trimmed, 1 to 2000 characters) are the domain's (validBody),
// and their messages come back from the use case.
import { z } from "zod";
import { MESSAGE_BODY_MAX } from "#domain/messaging/message.entity";
import { formMessage } from "~/utils/form-message";

export const replySchema = z.object({
  intent: z.literal("reply"),
  threadId: z.string({ required_error: "messages:errors.thread_not_found" }).max(100, "messages:errors.thread_not_found"),
  // Room for surrounding blanks the domain trims away; anything longer is refused at once.
  body: z
    .string({ required_error: "messages:errors.empty_body" })
    .max(MESSAGE_BODY_MAX * 2, formMessage("messages:errors.body_too_long", { max: MESSAGE_BODY_MAX })),
});

import { domainError, err, ok, type DomainError, type Result } from "../shared/result";
import { withoutControlCharacters } from "../shared/text";
import { MESSAGE_BODY_MAX } from "./message.entity";

export type MessagingErrorCode =
  "messages.empty_body" | "messages.body_too_long" | "messages.property_not_found" | "messages.own_listing" | "messages.thread_not_found";

export type MessagingError = DomainError<MessagingErrorCode>;

export const messagingError = (code: MessagingErrorCode, params?: Record<string, string | number>): MessagingError =>
  domainError(code, params);

/**
 * A message body loses its control characters (line breaks and tabs stay), is trimmed, and must
 * keep 1 to 2000 characters.
 */
export function validBody(body: string): Result<string, MessagingError> {
  const trimmed = withoutControlCharacters(body).trim();
  if (trimmed === "") return err(messagingError("messages.empty_body"));
  if (trimmed.length > MESSAGE_BODY_MAX) return err(messagingError("messages.body_too_long", { max: MESSAGE_BODY_MAX }));
  return ok(trimmed);
}

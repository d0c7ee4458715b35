// An unexpected failure while signing in or up (a bug, the database gone) must not end on the
// generic 500 page: the form comes back with SPEC's "An error occurred during login/signup".
import type { SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { i18next } from "~/i18next.server";

/** Status of the page that shows the message: the failure is still the server's. */
export const UNEXPECTED_AUTH_FAILURE_STATUS = 500;

/**
 * Logs the failure and returns a Conform reply with the translated message as a form error.
 * A thrown Response (a redirect, a 404) is not a failure and is thrown on.
 */
export async function unexpectedAuthFailureReply(
  { request, context }: { request: Request; context: AppLoadContext },
  error: unknown,
  where: string,
): Promise<SubmissionResult<string[]>> {
  if (error instanceof Response) throw error;
  context.services.log.error({ err: error }, `${where} failed unexpectedly`);
  const t = await i18next.getFixedT(request, "auth");
  return { status: "error", error: { "": [t("errors.unexpected")] } };
}

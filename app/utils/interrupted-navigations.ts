// An interrupted navigation is not an error (decision 0164).
//
// When a navigation starts while another is loading (the visit date field loads that day's times
// on change, then "Show times" is pressed), React Router aborts the first one's request. Remix's
// single fetch keeps that request's outcome in a promise that each route's loader awaits; when the
// router has already moved on, nothing awaits it any more, and the browser reports the abort as an
// unhandled rejection ("AbortError: signal is aborted without reason"), although the page is right
// and the user asked for exactly this. Only that rejection is silenced: any other reason, and an
// abort that somebody handles, go on as before.

type RejectionTarget = Pick<Window, "addEventListener">;

/** True for the reason an aborted fetch or AbortController rejects with. */
function isAbortReason(reason: unknown): boolean {
  return typeof reason === "object" && reason !== null && (reason as { name?: unknown }).name === "AbortError";
}

/** Keeps an aborted request's unawaited rejection out of the page's errors. */
export function ignoreInterruptedNavigations(target: RejectionTarget = window): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isAbortReason(event.reason)) event.preventDefault();
  });
}

/** A one-time message set by an action and shown once on the next page, with or without JavaScript. */
export interface Toast {
  kind: "success" | "error" | "info";
  /** An i18n key such as "booking:toasts.submitted". */
  title: string;
  description?: string;
  params?: Record<string, string | number>;
  /** Set when title and description already hold the text (the server translates session toasts). */
  translated?: boolean;
}

export const TOAST_DURATION_MS = 5000;

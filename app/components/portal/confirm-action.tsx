// An action that asks first (deleting a photo, closing a listing). Without JavaScript the trigger
// is a link to a confirmation page holding the same POST form; once the page is hydrated the link
// opens a Radix Dialog instead (focus kept inside, Escape closes, focus returns to the trigger).
//
// No Dialog.Overlay: Radix's overlay locks scrolling by injecting a <style> element, which the
// Content-Security-Policy (style-src 'self') refuses. A plain backdrop <div> looks the same, and
// the modal Content still hides the rest of the page from assistive technology and traps focus.
import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link } from "~/components/link";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "~/utils/translation";

export interface ConfirmActionProps {
  /** The no-JavaScript confirmation page. */
  confirmHref: string;
  /** Where the confirmed POST goes, and its fields. */
  action: string;
  fields: Record<string, string>;
  trigger: ReactNode;
  triggerClassName?: string;
  title: string;
  body: string;
  confirmLabel: string;
  /** The button that closes without acting; "Cancel" unless said (e.g. "Keep my visit"). */
  cancelLabel?: string;
  /** Fields the person fills in before confirming (e.g. a reason), inside the form. */
  extra?: ReactNode;
}

export function ConfirmAction({
  confirmHref,
  action,
  fields,
  trigger,
  triggerClassName = "btn-secondary",
  title,
  body,
  confirmLabel,
  cancelLabel,
  extra,
}: ConfirmActionProps) {
  const { t } = useTranslation("portal");
  const [hydrated, setHydrated] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => setHydrated(true), []);

  if (!hydrated) {
    return (
      <Link to={confirmHref} className={triggerClassName}>
        {trigger}
      </Link>
    );
  }
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className={triggerClassName}>{trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <div className="fixed inset-0 z-40 bg-slate-900/60" aria-hidden="true" />
        <Dialog.Content className="card fixed left-1/2 top-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700 dark:text-slate-300">{body}</Dialog.Description>
          <Form method="post" action={action} className="mt-6 flex flex-wrap justify-end gap-3" onSubmit={() => setOpen(false)}>
            {Object.entries(fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            {extra ? <div className="w-full">{extra}</div> : null}
            <Dialog.Close type="button" className="btn-secondary">
              {cancelLabel ?? t("confirm.cancel")}
            </Dialog.Close>
            <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
              {confirmLabel}
            </button>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The confirmation page's body (the no-JavaScript path): the question, the POST form, a way back. */
export function ConfirmPage({
  action,
  fields,
  body,
  confirmLabel,
  backHref,
  cancelLabel,
  children,
  extra,
}: {
  action: string;
  fields: Record<string, string>;
  body: string;
  confirmLabel: string;
  backHref: string;
  /** The way back without acting; "Cancel" unless said (e.g. "Keep my visit"). */
  cancelLabel?: string;
  children?: ReactNode;
  /** Fields filled in before confirming, inside the form. */
  extra?: ReactNode;
}) {
  const { t } = useTranslation("portal");
  return (
    <div className="card max-w-xl p-6">
      {children}
      <p className="text-slate-700 dark:text-slate-300">{body}</p>
      <Form method="post" action={action} className="mt-6 flex flex-wrap gap-3">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {extra ? <div className="w-full">{extra}</div> : null}
        <button type="submit" className="btn-primary bg-red-700 hover:bg-red-800">
          {confirmLabel}
        </button>
        <Link to={backHref} className="btn-secondary">
          {cancelLabel ?? t("confirm.cancel")}
        </Link>
      </Form>
    </div>
  );
}

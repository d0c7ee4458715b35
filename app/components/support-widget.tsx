import { useTranslation } from "~/utils/translation";

/**
 * The support button: a plain WhatsApp link, so it works without JavaScript. When a chat provider
 * is configured, app/enhance.js loads its script lazily (after the page is idle, or at once on
 * a click), and never on a slow mobile connection except on payment paths (SPEC §9).
 */
export function SupportWidget({ chatWidgetSrc, whatsapp }: { chatWidgetSrc: string | null; whatsapp: string }) {
  const { t } = useTranslation();
  return (
    <>
      {/* On a phone the page ends with room for the button, so it never sits on the last content. */}
      <div aria-hidden="true" className="h-20 shrink-0 sm:hidden" data-testid="support-room" />
      <div className="fixed bottom-4 right-4 z-40">
        <a
          href={`https://wa.me/${whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
          data-chat-src={chatWidgetSrc ?? undefined}
          data-label={t("support.button")}
          data-loading-label={t("support.chatLoading")}
          className="btn-primary rounded-full shadow-lg"
        >
          {t("support.button")}
        </a>
      </div>
    </>
  );
}

import { useEffect, useState } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useNonce } from "./nonce";
import { shouldLoadChatWidget, shouldUseLowPerformanceMode } from "~/utils/performance-mode";

/**
 * The support button is a plain link (WhatsApp), so it works without JavaScript. When a chat
 * provider is configured, its script is loaded lazily: after the page is idle, or at once when
 * the person asks for it, and never on a slow mobile connection except on payment paths.
 */
export function SupportWidget({ chatWidgetSrc, whatsapp }: { chatWidgetSrc: string | null; whatsapp: string }) {
  const { t } = useTranslation();
  const nonce = useNonce();
  const { pathname } = useLocation();
  const [state, setState] = useState<"idle" | "loading" | "loaded">("idle");

  useEffect(() => {
    document.documentElement.classList.toggle("low-perf", shouldUseLowPerformanceMode());
  }, []);

  const load = () => {
    if (!chatWidgetSrc || state !== "idle") return;
    setState("loading");
    const script = document.createElement("script");
    script.src = chatWidgetSrc;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => setState("loaded");
    script.onerror = () => setState("idle");
    document.body.appendChild(script);
  };

  useEffect(() => {
    if (!chatWidgetSrc || !shouldLoadChatWidget(pathname)) return;
    const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => number }).requestIdleCallback;
    const handle = idle ? idle(() => load()) : window.setTimeout(load, 3000);
    return () => {
      if (!idle) window.clearTimeout(handle);
    };
    // Load once per page life; the path check only decides whether to start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chatWidgetSrc]);

  return (
    <div className="fixed bottom-4 right-4 z-40">
      <a
        href={`https://wa.me/${whatsapp}`}
        target="_blank"
        rel="noopener noreferrer"
        onClick={(event) => {
          if (chatWidgetSrc) {
            event.preventDefault();
            load();
          }
        }}
        className="btn-primary rounded-full shadow-lg"
      >
        {state === "loading" ? t("support.chatLoading") : t("support.button")}
      </a>
    </div>
  );
}

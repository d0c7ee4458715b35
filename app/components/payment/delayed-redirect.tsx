// Sends the browser on after a delay, with or without JavaScript: a <meta http-equiv="refresh">
// inside <noscript> (parsed only when scripts are off, so it never fires twice), and a timer when
// they are on. CSP-safe: no inline script.
import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

export function DelayedRedirect({ to, seconds }: { to: string; seconds: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate(to, { replace: true }), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [navigate, to, seconds]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
    </noscript>
  );
}

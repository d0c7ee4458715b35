// Low-performance mode, SPEC §9: a screen under 768 px AND (a slow connection OR memory use above 80 %).
// Runs in the browser only.
interface NetworkInformationLike {
  effectiveType?: string;
  saveData?: boolean;
}

export function isSlowConnection(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return false;
  return Boolean(connection.saveData) || ["slow-2g", "2g", "3g"].includes(connection.effectiveType ?? "");
}

function memoryPressure(): boolean {
  const memory = (performance as Performance & { memory?: { usedJSHeapSize: number; jsHeapSizeLimit: number } }).memory;
  return Boolean(memory && memory.jsHeapSizeLimit > 0 && memory.usedJSHeapSize / memory.jsHeapSizeLimit > 0.8);
}

export const isSmallScreen = () => window.innerWidth < 768;

export function shouldUseLowPerformanceMode(): boolean {
  return isSmallScreen() && (isSlowConnection() || memoryPressure());
}

/** Payment paths always get the chat widget: that is where people get stuck and need help. */
export const isPaymentPath = (pathname: string) =>
  /^\/(payment|payment-success|subscription-payment|guest-house-payment|simulated-checkout)(\/|$)/.test(pathname);

/** SPEC §9: the chat widget is skipped on mobile with a slow connection, unless on a payment path. */
export const shouldLoadChatWidget = (pathname: string) => isPaymentPath(pathname) || !(isSmallScreen() && isSlowConnection());

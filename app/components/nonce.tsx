import { createContext, useContext } from "react";

/** The per-request CSP nonce, provided by entry.server (empty in the browser, where it is no longer needed). */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);

/** Support contact, provided outside the loaders so even the critical error screen can show it. */
export interface SupportContact {
  email: string;
  phone: string;
}
export const SupportContext = createContext<SupportContact>({ email: "", phone: "" });
export const useSupportContact = () => useContext(SupportContext);

/**
 * The id of the request that made this page (X-Request-Id, decision 0137), shown on the error
 * screens as the reference to quote to support. On the server it is the request's; in the browser
 * it is read back from the error screen the server sent, or, after a client-side navigation, taken
 * from the failed data request (app/utils/request-reference.ts).
 */
export const RequestIdContext = createContext<() => string | undefined>(() => undefined);
export const useRequestId = () => useContext(RequestIdContext)();

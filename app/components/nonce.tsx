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

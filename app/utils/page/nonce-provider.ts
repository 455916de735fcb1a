import { createContext, useContext } from "react";

/** The CSP nonce of this document render; empty in the browser, which hides nonces from scripts. */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}

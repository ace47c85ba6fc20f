import { createContext, useContext } from "react";

/** The CSP nonce of the current render; empty in the browser, which hides nonces from scripts. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}

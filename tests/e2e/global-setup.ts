/**
 * Signs the demo admin and the demo customer in once, through the sign-in form's own request (the
 * form is a journey of its own in accounts.spec.ts): the specs that only read as them reuse the
 * saved sessions (tests/e2e/accounts.ts's STORAGE).
 */
import { type FullConfig, request } from "@playwright/test";
import { ADMIN, CUSTOMER, STORAGE } from "./accounts";

export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]?.use.baseURL as string;
  for (const [who, account] of [
    ["admin", ADMIN],
    ["customer", CUSTOMER],
  ] as const) {
    const context = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    const response = await context.post("/auth", {
      form: { intent: "login", email: account.email, password: account.password, redirectTo: "" },
      maxRedirects: 0,
    });
    if (response.status() !== 302)
      throw new Error(`connexion de ${account.email} refusée (${response.status()})`);
    await context.storageState({ path: STORAGE[who] });
    await context.dispose();
  }
}

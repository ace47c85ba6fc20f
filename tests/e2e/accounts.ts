/** The demo accounts the seed creates (db/seed/demo-content.ts, env defaults). */
export const ADMIN = { email: "admin@nacre.test", password: "Admin-Nacre-2026" };
export const CUSTOMER = { email: "cliente@nacre.test", password: "Cliente-Nacre-2026" };
const port = process.env.E2E_PORT ?? "3210";
export const STORAGE = {
  admin: `test-results/e2e-state-${port}/admin.json`,
  customer: `test-results/e2e-state-${port}/customer.json`,
};

/**
 * The sign-up's action (POST /alertes, docs/product.md §10.30): reads the form, drops a bot's post
 * (honeypot) with the ordinary answer, rate-limits per address and per client, and records the
 * request. Every outcome is a French message; a refusal is a 4xx, never a 500.
 */
import { data } from "react-router";
import { parseForm } from "~/lib/form";
import { getAppContext } from "~/server/context.server";
import { clientAddress, createRateLimiter } from "~/server/rate-limit.server";
import { ALERT_MESSAGES, alertSignupSchema } from "./alert-schema";
import { alertShop, emailKey, requestSubscription, UnknownCategoryError } from "./alerts.server";

/** Three requests per address an hour: enough to fix a typo in the categories, not to flood a box. */
const PER_ADDRESS = { scope: "alertes-adresse", max: 3, windowMs: 60 * 60_000 };
/** Twenty per client an hour: a household, not a script trying addresses. */
const PER_CLIENT = { scope: "alertes-client", max: 20, windowMs: 60 * 60_000 };

export type SubscribeAnswer = { ok: true; message: string } | { ok: false; error: string };

export async function subscribeAction(request: Request) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const fields = { ...Object.fromEntries(form), categories: form.getAll("categories") };
  const parsed = parseForm(alertSignupSchema, fields);
  if (!parsed.ok) return data<SubscribeAnswer>({ ok: false, error: parsed.firstError }, { status: 400 });
  const ok = data<SubscribeAnswer>({ ok: true, message: ALERT_MESSAGES.requested });
  // A bot filled the hidden field: it gets the ordinary answer, and nothing is recorded or sent.
  if (parsed.data.site_web) return ok;
  const ctx = getAppContext();
  const byAddress = createRateLimiter(ctx.db, PER_ADDRESS);
  const byClient = createRateLimiter(ctx.db, PER_CLIENT);
  const allowed = [
    await byClient.attempt(clientAddress(request)),
    await byAddress.attempt(emailKey(parsed.data.email)),
  ];
  if (allowed.includes(false))
    return data<SubscribeAnswer>({ ok: false, error: ALERT_MESSAGES.tooMany }, { status: 429 });
  try {
    const shop = await alertShop(ctx.db);
    await requestSubscription(ctx, shop, parsed.data);
  } catch (error) {
    if (error instanceof UnknownCategoryError)
      return data<SubscribeAnswer>({ ok: false, error: ALERT_MESSAGES.unknownCategory }, { status: 400 });
    console.error("Inscription aux alertes impossible", error);
    return data<SubscribeAnswer>({ ok: false, error: ALERT_MESSAGES.failed }, { status: 500 });
  }
  return ok;
}

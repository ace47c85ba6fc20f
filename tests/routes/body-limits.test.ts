/**
 * Bodies bounded before they are read (docs/security.md "Body limits"): where multipart is taken,
 * the 48 MB body of 490,000 one-byte fields is refused past the route's own field count; multipart
 * is refused where no file is uploaded; a form with too many fields is refused while it streams.
 * The same body sent anonymously to the public forms, with the health check timed beside it, is the
 * process test tests/integration/body-bomb.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER, signIn } from "../support/shop-server";
import { startTestShop, type TestShop } from "../support/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop("corps");
}, 180_000);

afterAll(async () => {
  await shop?.close();
});

const BOUNDARY = "----nacre-bombe";

/** `count` parts of one byte each, their names padded so that the whole body weighs `bytes`. */
function multipartBomb(count: number, bytes: number): Blob {
  const closing = `--${BOUNDARY}--\r\n`;
  const bare = `--${BOUNDARY}\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n`.length;
  const nameLength = Math.floor((bytes - closing.length) / count) - bare;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `c${i}`.padEnd(nameLength, "x");
    parts.push(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\nx\r\n`);
  }
  return new Blob([...parts, closing]);
}

/** The time the server took to decide, from its own Server-Timing header (`corps;dur=…`). */
function decisionMs(response: Response): number {
  const match = /corps;dur=([0-9.]+)/.exec(response.headers.get("server-timing") ?? "");
  if (!match) throw new Error(`pas de Server-Timing « corps » : ${response.headers.get("server-timing")}`);
  return Number(match[1]);
}

describe("the 48 MB body of 490,000 fields", () => {
  const bomb = multipartBomb(490_000, 48_000_000);

  it("is refused after 20 fields where multipart is taken (a signed-in customer's profile form)", async () => {
    const cookie = await signIn(shop.url, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const answer = await fetch(`${shop.url}/mon-compte`, {
      method: "POST",
      headers: { origin: shop.url, cookie, "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: bomb,
    });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe("Formulaire refusé : 20 champs au maximum.");
    expect(decisionMs(answer)).toBeLessThan(100);
  });
});

describe("forms without a file", () => {
  it("are refused as multipart where no file is uploaded (French 415)", async () => {
    const form = new FormData();
    form.append("form-name", "contact");
    form.append("name", "Hina");
    const answer = await fetch(`${shop.url}/contact`, {
      method: "POST",
      headers: { origin: shop.url },
      body: form,
    });
    expect(answer.status).toBe(415);
    expect(await answer.text()).toBe(
      "Ce formulaire ne prend pas de fichier : envoyez-le comme un formulaire simple.",
    );
  });

  it("are refused past 1,000 fields while they stream, under the 1 MB cap", async () => {
    const body = `form-name=contact&${"a=&".repeat(300_000)}`;
    expect(Buffer.byteLength(body)).toBeLessThan(1024 * 1024);
    const answer = await fetch(`${shop.url}/contact`, {
      method: "POST",
      headers: { origin: shop.url, "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    expect(answer.status).toBe(413);
    expect(await answer.text()).toBe("Formulaire refusé : 1\u00a0000 champs au maximum.");
  });
});

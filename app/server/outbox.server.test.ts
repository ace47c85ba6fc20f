/**
 * The outbox (ADR 025), on both back ends, with an injected clock: a mail is recorded with the
 * change that owes it or not at all; a due mail is delivered once, its file named after its row,
 * its body emptied afterwards; two workers racing over the same mails deliver each exactly once; a
 * failing mail server is retried with exponential backoff, then the mail is "failed" with its last
 * error until the seller sends it again; a claim left by a crashed worker expires and is taken again,
 * without a second file for a mail written just before the crash; a mail's attachments live in its
 * row, so a process that dies between recording and sending loses none of them (ADR 029).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppContext } from "./context.server";
import { type Mailer, type MailMessage, mailAttachment } from "./mail.server";
import {
  CLAIM_MS,
  claimDueMails,
  createOutboxWorker,
  listUndeliveredMails,
  MAX_ATTEMPTS,
  recordMail,
  retryDelayMs,
  retryMail,
} from "./outbox.server";
import { createTestContext } from "./test-context";

let ctx: AppContext;
let clock = new Date("2026-11-24T10:00:00.000Z");
const T0 = clock.getTime();
const at = (ms: number) => new Date(T0 + ms);

beforeAll(async () => {
  ctx = await createTestContext({ ADMIN_EMAIL: "boutique@nacre.test" });
});
afterAll(() => ctx.close());
beforeEach(async () => {
  clock = at(0);
  await ctx.db.deleteFrom("mail_outbox").execute();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const mail = (n: number): MailMessage => ({
  to: `cliente-${n}@exemple.fr`,
  subject: `Commande ${n}`,
  text: `Votre commande ${n} : https://nacre.test/commande/jeton-${n}`,
});

function worker(mailer: Mailer) {
  return createOutboxWorker({ db: ctx.db, kind: ctx.kind, mailer: () => mailer, now: () => clock });
}

const rows = () =>
  ctx.db.selectFrom("mail_outbox").selectAll().orderBy("created_at").orderBy("subject").execute();

const outboxFiles = () => {
  const dir = path.join(ctx.env.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe("recording", () => {
  it("commits with the change that owes it, or not at all", async () => {
    await ctx.db.transaction().execute(async (trx) => {
      await recordMail(trx, mail(1), "confirmation de commande", clock);
    });
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await recordMail(trx, mail(2), "confirmation de commande", clock);
        throw new Error("la commande échoue");
      }),
    ).rejects.toThrow("la commande échoue");
    expect((await rows()).map((row) => [row.recipient, row.status])).toEqual([
      ["cliente-1@exemple.fr", "pending"],
    ]);
  });
});

describe("delivery", () => {
  it("sends a due mail once through the outbox folder: a file named after the row, its Message-ID from the row, then only a short record", async () => {
    const id = await recordMail(ctx.db, mail(3), "confirmation de commande", clock);
    const before = outboxFiles().length;
    expect(await worker(ctx.mailer).deliverDue()).toBe(1);
    expect(await worker(ctx.mailer).deliverDue()).toBe(0);

    const written = outboxFiles().filter((name) => name.includes(id));
    expect(written).toHaveLength(1);
    expect(outboxFiles().length).toBe(before + 1);
    const eml = fs.readFileSync(path.join(ctx.env.dataDir, "outbox", written[0] as string), "utf8");
    expect(eml).toMatch(new RegExp(`^Message-ID: <outbox-${id}@nacre\\.test>$`, "m"));
    expect(eml).toContain("jeton-3");

    const [row] = await rows();
    expect(row).toMatchObject({
      status: "sent",
      recipient: "cliente-3@exemple.fr",
      subject: "Commande 3",
      message: "",
      attempts: 1,
      sent_at: clock.toISOString(),
      claim_token: null,
    });
  });

  it("two workers racing over the same mails deliver each exactly once", async () => {
    for (let n = 0; n < 40; n++) await recordMail(ctx.db, mail(n), "confirmation de commande", clock);
    const deliveries = new Map<string, number>();
    const slow: Mailer = {
      async send(message) {
        deliveries.set(message.to, (deliveries.get(message.to) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return {};
      },
    };
    const [a, b] = await Promise.all([worker(slow).deliverDue(), worker(slow).deliverDue()]);
    expect(a + b).toBe(40);
    expect(deliveries.size).toBe(40);
    expect([...deliveries.values()].every((count) => count === 1)).toBe(true);
    expect((await rows()).every((row) => row.status === "sent")).toBe(true);
  });
});

describe("a failing mail server", () => {
  const refusing: Mailer = {
    send: () =>
      Promise.reject(
        Object.assign(new Error("Mailbox unavailable\nsuite"), { code: "EENVELOPE", responseCode: 550 }),
      ),
  };

  it("retries with exponential backoff, then shows the mail as failed with its last error until the seller sends it again", async () => {
    const id = await recordMail(ctx.db, mail(7), "étape de commande", clock);
    const flaky = worker(refusing);
    let elapsed = 0;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await flaky.deliverDue()).toBe(0);
      const [row] = await rows();
      expect(row?.attempts).toBe(attempt);
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.status).toBe("pending");
        const wait = retryDelayMs(attempt);
        expect(wait).toBe(Math.min(30_000 * 2 ** (attempt - 1), 3_600_000));
        // Not a millisecond early.
        clock = at(elapsed + wait - 1);
        await flaky.deliverDue();
        expect((await rows())[0]?.attempts).toBe(attempt);
        elapsed += wait;
        clock = at(elapsed);
      }
    }
    const [failed] = await rows();
    expect(failed?.status).toBe("failed");
    expect(failed?.message).not.toBe("");
    expect(await listUndeliveredMails(ctx.db)).toEqual([
      {
        id,
        kind: "étape de commande",
        recipient: "cliente-7@exemple.fr",
        subject: "Commande 7",
        attempts: MAX_ATTEMPTS,
        lastError: "EENVELOPE 550 : Mailbox unavailable",
        createdAt: at(0).toISOString(),
        lastTryAt: clock.toISOString(),
      },
    ]);
    // Nothing more is tried on its own, however late.
    clock = at(elapsed + 86_400_000);
    expect(await flaky.deliverDue()).toBe(0);
    expect((await rows())[0]?.attempts).toBe(MAX_ATTEMPTS);

    expect(await retryMail(ctx.db, id, clock)).toBe(true);
    expect(await retryMail(ctx.db, id, clock)).toBe(false);
    expect(await worker(ctx.mailer).deliverDue()).toBe(1);
    expect(await listUndeliveredMails(ctx.db)).toEqual([]);
    expect((await rows())[0]).toMatchObject({ status: "sent", message: "" });
  });
});

describe("a crashed worker", () => {
  it("leaves a claim that expires and is taken again, and a mail it wrote just before dying is not written twice", async () => {
    const id = await recordMail(ctx.db, mail(9), "confirmation de commande", clock);
    // The crashed worker had claimed the mail and written its file, then died before marking it.
    const [claimed] = await claimDueMails(ctx.db, ctx.kind, "mort", clock);
    expect(claimed?.id).toBe(id);
    await ctx.mailer.send(mail(9), { id, createdAt: claimed?.created_at as string });
    const files = () => outboxFiles().filter((name) => name.includes(id));
    expect(files()).toHaveLength(1);
    const firstCopy = fs.readFileSync(path.join(ctx.env.dataDir, "outbox", files()[0] as string), "utf8");

    const restarted = worker(ctx.mailer);
    clock = at(CLAIM_MS - 1);
    expect(await restarted.deliverDue()).toBe(0);
    clock = at(CLAIM_MS);
    expect(await restarted.deliverDue()).toBe(1);
    expect(files()).toHaveLength(1);
    expect(fs.readFileSync(path.join(ctx.env.dataDir, "outbox", files()[0] as string), "utf8")).toBe(
      firstCopy,
    );
    expect((await rows())[0]).toMatchObject({ status: "sent", message: "" });
  });

  it("keeps a mail's attachments in its row until delivered: a worker started after a crash sends them whole", async () => {
    const pdf = Buffer.concat([
      Buffer.from("%PDF-1.3\n"),
      Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256)),
    ]);
    const withFiles: MailMessage = {
      ...mail(11),
      attachments: [
        mailAttachment("CGV-v1.pdf", "application/pdf", pdf),
        mailAttachment("formulaire-retractation.pdf", "application/pdf", Buffer.from("%PDF-1.3 formulaire")),
      ],
    };
    const id = await ctx.db
      .transaction()
      .execute((trx) => recordMail(trx, withFiles, "confirmation du contrat", clock));
    // Nothing was sent before the "crash": only the row holds the files.
    expect(outboxFiles().filter((name) => name.includes(id))).toHaveLength(0);
    const stored = JSON.parse((await rows())[0]?.message as string) as MailMessage;
    expect(stored.attachments?.map((file) => file.filename)).toEqual([
      "CGV-v1.pdf",
      "formulaire-retractation.pdf",
    ]);

    expect(await worker(ctx.mailer).deliverDue()).toBe(1);
    const [file] = outboxFiles().filter((name) => name.includes(id));
    const eml = fs.readFileSync(path.join(ctx.env.dataDir, "outbox", file as string), "utf8");
    const parts = eml.split(/^--[^\n]+$/m);
    const part = parts.find((chunk) => chunk.includes("filename=CGV-v1.pdf"));
    expect(part).toMatch(/^Content-Type: application\/pdf; name=CGV-v1\.pdf$/m);
    expect(part).toMatch(/^Content-Transfer-Encoding: base64$/m);
    const body = (part as string)
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join("")
      .replace(/\s+/g, "");
    expect(Buffer.from(body, "base64").equals(pdf)).toBe(true);
    expect(eml).toContain("filename=formulaire-retractation.pdf");
    expect((await rows())[0]).toMatchObject({ status: "sent", message: "" });
  });
});

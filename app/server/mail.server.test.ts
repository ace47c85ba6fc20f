import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mail.server";

describe("mailer without SMTP_URL", () => {
  it("writes each message as an .eml file in the outbox", async () => {
    const outboxDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nacre-mail-")), "outbox");
    const mailer = createMailer({ outboxDir, from: "Nacre <bonjour@nacre.test>" });
    const { file } = await mailer.send({
      to: "cliente@exemple.fr",
      subject: "Réinitialisation",
      text: "Voici votre lien : http://localhost:3000/reinitialiser?token=abc",
    });
    expect(file && path.dirname(file)).toBe(outboxDir);
    const eml = fs.readFileSync(file as string, "utf8");
    expect(eml).toMatch(/^To: cliente@exemple\.fr$/m);
    expect(eml).toMatch(/^From: Nacre <bonjour@nacre\.test>$/m);
    expect(eml).toContain("reinitialiser?token=abc");
  });
});

describe("the outbox (issue 16)", () => {
  const newOutbox = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nacre-mail-")), "outbox");
  const quiet = <T>(run: () => Promise<T>) => {
    const original = console.info;
    console.info = () => {};
    return run().finally(() => {
      console.info = original;
    });
  };

  it("keeps every message sent at once: 50 concurrent sends, 50 files", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: "Nacre <bonjour@nacre.test>" });
    const results = await quiet(() =>
      Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          mailer.send({ to: "boutique@nacre.test", subject: `Contact ${i}`, text: `Message ${i}` }),
        ),
      ),
    );
    const files = fs.readdirSync(outboxDir);
    expect(files).toHaveLength(50);
    expect(new Set(results.map((result) => result.file)).size).toBe(50);
    const bodies = files.map((name) => fs.readFileSync(path.join(outboxDir, name), "utf8"));
    for (let i = 0; i < 50; i++) expect(bodies.some((body) => body.includes(`Message ${i}\n`))).toBe(true);
  });

  it("writes owner-only files", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: "Nacre <bonjour@nacre.test>" });
    const { file } = await quiet(() => mailer.send({ to: "a@exemple.fr", subject: "Lien", text: "secret" }));
    expect(fs.statSync(file as string).mode & 0o077).toBe(0);
    expect(fs.statSync(outboxDir).mode & 0o077).toBe(0);
  });

  it("stays bounded: the oldest files go first, and files past the age limit go", async () => {
    const outboxDir = newOutbox();
    fs.mkdirSync(outboxDir, { recursive: true });
    const ancient = path.join(outboxDir, "2020-01-01T00-00-00-000Z-ancien.eml");
    fs.writeFileSync(ancient, "vieux");
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000);
    fs.utimesSync(ancient, fortyDaysAgo, fortyDaysAgo);
    const mailer = createMailer({
      outboxDir,
      from: "Nacre <bonjour@nacre.test>",
      outbox: { maxFiles: 3, maxAgeDays: 30, pruneEveryMs: 0 },
    });
    const sent: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { file } = await quiet(() =>
        mailer.send({ to: "a@exemple.fr", subject: `N° ${i}`, text: `${i}` }),
      );
      sent.push(path.basename(file as string));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(fs.readdirSync(outboxDir).sort()).toEqual(sent.slice(2).sort());
  });

  it("prunes at most once per interval, not on every send", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({
      outboxDir,
      from: "Nacre <bonjour@nacre.test>",
      outbox: { maxFiles: 2, maxAgeDays: 30, pruneEveryMs: 60_000 },
    });
    for (let i = 0; i < 5; i++)
      await quiet(() => mailer.send({ to: "a@exemple.fr", subject: `N° ${i}`, text: `${i}` }));
    // Pruned after the first send only; the next pass comes a minute later.
    expect(fs.readdirSync(outboxDir)).toHaveLength(5);
  });

  it("never logs the message's body", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: "Nacre <bonjour@nacre.test>" });
    const lines: string[] = [];
    const original = console.info;
    console.info = (...args: unknown[]) => lines.push(args.join(" "));
    try {
      await mailer.send({ to: "a@exemple.fr", subject: "Réinitialisation", text: "lien ?token=tres-secret" });
    } finally {
      console.info = original;
    }
    expect(lines.join("\n")).toContain("Réinitialisation");
    expect(lines.join("\n")).not.toContain("tres-secret");
  });
});

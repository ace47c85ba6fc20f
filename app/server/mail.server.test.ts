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

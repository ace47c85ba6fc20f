/**
 * Outgoing e-mail. With SMTP_URL set, messages go through that server; otherwise each message is
 * written as an .eml file under $DATA_DIR/outbox/ and its path logged, so password resets work on a
 * laptop with no mail server (design.md "e-mail").
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ file?: string }>;
}

export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        return {};
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const slug = message.to.replace(/[^a-z0-9]+/gi, "_").slice(0, 60);
      const file = path.join(options.outboxDir, `${stamp}-${slug}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      console.info(`[mail] ${message.subject} → ${message.to} : ${file}`);
      return { file };
    },
  };
}

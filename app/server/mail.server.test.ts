import fs from "node:fs";
import fsp from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createMailer, OUTBOX_BOUNDS, pruneOutbox } from "./mail.server";

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

describe("the outbox", () => {
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

  it("writes each file under a temporary name and renames it whole: a crash never leaves a 0-byte or half .eml (ADR 025)", async () => {
    const outboxDir = newOutbox();
    const mailer = createMailer({ outboxDir, from: "Nacre <bonjour@nacre.test>" });
    const rename = fsp.rename;
    const renamed: { from: string; content: string }[] = [];
    const spy = vi.spyOn(fsp, "rename").mockImplementation(async (from, to) => {
      renamed.push({ from: String(from), content: fs.readFileSync(from, "utf8") });
      // The final name does not exist until the rename.
      expect(fs.existsSync(to)).toBe(false);
      return rename(from, to);
    });
    try {
      const { file } = await quiet(() =>
        mailer.send(
          { to: "a@exemple.fr", subject: "Lien", text: "tout le message" },
          { id: "ligne1", createdAt: "2026-11-24T10:00:00.000Z" },
        ),
      );
      expect(path.basename(file as string)).toBe("2026-11-24T10-00-00-000Z-ligne1.eml");
      expect(renamed).toHaveLength(1);
      expect(path.basename(renamed[0]?.from ?? "")).toMatch(/^\..*\.tmp$/);
      expect(renamed[0]?.content).toBe(fs.readFileSync(file as string, "utf8"));
      expect(renamed[0]?.content).toContain("tout le message");

      // Killed before the rename: nothing but a hidden temporary file, which no reader takes for a
      // mail and which the pruning removes once stale.
      spy.mockImplementationOnce(async () => {
        throw Object.assign(new Error("tué"), { code: "EINTR" });
      });
      await expect(
        mailer.send(
          { to: "b@exemple.fr", subject: "Lien", text: "x" },
          { id: "ligne2", createdAt: "2026-11-24T10:00:01.000Z" },
        ),
      ).rejects.toThrow("tué");
      expect(fs.readdirSync(outboxDir).filter((name) => name.endsWith(".eml"))).toEqual([
        "2026-11-24T10-00-00-000Z-ligne1.eml",
      ]);
    } finally {
      spy.mockRestore();
    }
    const leftover = path.join(outboxDir, ".2026-crash.eml.abc.tmp");
    fs.writeFileSync(leftover, "moitié");
    const hourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(leftover, hourAgo, hourAgo);
    expect(await pruneOutbox(outboxDir, OUTBOX_BOUNDS)).toBe(1);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.readdirSync(outboxDir).every((name) => fs.statSync(path.join(outboxDir, name)).size > 0)).toBe(
      true,
    );
  });
});

/** The smallest SMTP server: accepts every message and keeps its raw text (no TLS, no auth). */
async function smtpSink() {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = "";
    let inData = false;
    let message = "";
    socket.write("220 nacre.test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end = buffer.indexOf("\r\n");
      while (end !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === ".") {
            inData = false;
            received.push(message);
            message = "";
            socket.write("250 OK\r\n");
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 nacre.test\r\n");
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write("354 Go\r\n");
        } else if (/^QUIT/i.test(line)) socket.end("221 Bye\r\n");
        else socket.write("250 OK\r\n");
        end = buffer.indexOf("\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe("mailer with SMTP_URL", () => {
  it("gives a mail the Message-ID of its outbox row, the same on a second delivery after a crash (ADR 025)", async () => {
    const sink = await smtpSink();
    try {
      const mailer = createMailer({
        smtpUrl: sink.url,
        outboxDir: "/nonexistent",
        from: "Nacre <bonjour@nacre.test>",
      });
      const key = { id: "ligne42", createdAt: "2026-11-24T10:00:00.000Z" };
      await mailer.send({ to: "a@exemple.fr", subject: "Commande", text: "Merci" }, key);
      await mailer.send({ to: "a@exemple.fr", subject: "Commande", text: "Merci" }, key);
      expect(sink.received).toHaveLength(2);
      const ids = sink.received.map((raw) => /^Message-ID: (.+)$/im.exec(raw)?.[1]);
      expect(ids).toEqual(["<outbox-ligne42@nacre.test>", "<outbox-ligne42@nacre.test>"]);
    } finally {
      await sink.close();
    }
  });
});

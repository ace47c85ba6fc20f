import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { loggablePath, logQueue, requestLog } from "./request-log.server";

describe("loggablePath", () => {
  it("masks the values that may carry a secret and keeps the rest", () => {
    expect(loggablePath("/reinitialiser-mot-de-passe?token=abc123secret")).toBe(
      "/reinitialiser-mot-de-passe?token=[masqué]",
    );
    expect(loggablePath("/api/auth/reset-password/xyz?callbackURL=%2Freinit&Token=T")).toBe(
      "/api/auth/reset-password/[masqué]?callbackURL=[masqué]&Token=[masqué]",
    );
    expect(loggablePath("/catalogue?categorie=bagues&tri=prix")).toBe("/catalogue?categorie=bagues&tri=prix");
    expect(loggablePath("/contact")).toBe("/contact");
  });

  it("masks the reset token Better Auth puts in the path, and any segment after an auth endpoint", () => {
    const token = "Zr8kq2XbW4pLm9TnVc3Hs7Ya";
    expect(loggablePath(`/api/auth/reset-password/${token}?callbackURL=%2Freinitialiser`)).toBe(
      "/api/auth/reset-password/[masqué]?callbackURL=[masqué]",
    );
    expect(loggablePath(`/api/auth/verify-email/${token}/encore`)).not.toContain(token);
    expect(loggablePath("/api/auth/get-session")).toBe("/api/auth/get-session");
    expect(loggablePath("/catalogue/produit/collier-perle-de-tahiti")).toBe(
      "/catalogue/produit/collier-perle-de-tahiti",
    );
  });
});

describe("requestLog", () => {
  /** A server whose request log goes to a file, through the real queue. */
  async function loggedServer(delayMs: number, maxQueued?: number) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "nacre-log-")), "requests.log");
    const fd = fs.openSync(file, "a");
    const app = express();
    app.use(requestLog(logQueue({ fd, delayMs, maxQueued })));
    app.get("/{*page}", (_req, res) => {
      res.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      lines: () =>
        fs
          .readFileSync(file, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line)),
      close: async () => {
        await new Promise((resolve) => server.close(resolve));
        fs.closeSync(fd);
      },
    };
  }

  it("writes nothing while answering: the lines follow, together, masked", async () => {
    const server = await loggedServer(100);
    try {
      const answers = await Promise.all(
        ["/catalogue", "/reinitialiser-mot-de-passe?token=secret-du-lien", "/contact"].map((page) =>
          fetch(server.url + page).then((response) => response.text()),
        ),
      );
      expect(answers).toEqual(["ok", "ok", "ok"]);
      // Every response went out before any line was written.
      expect(server.lines()).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const lines = server.lines();
      expect(lines.map((line) => line.path).sort()).toEqual([
        "/catalogue",
        "/contact",
        "/reinitialiser-mot-de-passe?token=[masqué]",
      ]);
      for (const line of lines) {
        expect(line).toMatchObject({ level: "info", method: "GET", status: 200 });
        expect(typeof line.ms).toBe("number");
        expect(Date.parse(line.time)).not.toBeNaN();
      }
      expect(JSON.stringify(lines)).not.toContain("secret-du-lien");
    } finally {
      await server.close();
    }
  });

  it("counts what it could not keep when the output falls behind, and says so", async () => {
    const server = await loggedServer(200, 2);
    try {
      for (const page of ["/a", "/b", "/c", "/d"]) await (await fetch(server.url + page)).text();
      await new Promise((resolve) => setTimeout(resolve, 400));
      const lines = server.lines();
      expect(lines.map((line) => line.path)).toEqual(["/a", "/b", undefined]);
      expect(lines[2]).toMatchObject({
        level: "warn",
        message: "2 requêtes non journalisées (sortie trop lente)",
      });
    } finally {
      await server.close();
    }
  });
});

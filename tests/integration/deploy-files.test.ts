/**
 * deploy/nacre.service and deploy/Caddyfile agree with each other and with the shop: the unit runs
 * the build as `nacre` on 127.0.0.1:3000 with its data in /var/lib/nacre, Caddy proxies the real
 * domain to that address. tests/e2e/https-proxy.spec.ts runs the Caddyfile for real.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../support/shop-server";

const unitText = fs.readFileSync(path.join(root, "deploy/nacre.service"), "utf8");

/** Every `Key=value` of the unit, in order (a key may repeat, as Environment= does). */
function directives(text: string): [string, string][] {
  return text
    .split("\n")
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]);
}

function has(command: string) {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

describe("deploy/nacre.service", () => {
  const unit = directives(unitText);
  const value = (key: string) => unit.filter(([k]) => k === key).map(([, v]) => v);
  const environment = Object.fromEntries(value("Environment").map((pair) => pair.split("=", 2)));

  it("runs the production build unprivileged, on the loopback, with its data in the state directory", () => {
    expect(value("User")).toEqual(["nacre"]);
    expect(value("WorkingDirectory")).toEqual(["/opt/nacre"]);
    expect(value("EnvironmentFile")).toEqual(["/etc/nacre/nacre.env"]);
    expect(value("ExecStart")).toEqual(["/usr/bin/node /opt/nacre/build/server.js"]);
    expect(environment).toMatchObject({
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "3000",
      DATA_DIR: "/var/lib/nacre",
    });
    expect(value("StateDirectory")).toEqual(["nacre"]);
    expect(value("ReadWritePaths")).toEqual(["/var/lib/nacre"]);
  });

  it("restarts on failure, stops gracefully and is sandboxed", () => {
    expect(value("Restart")).toEqual(["on-failure"]);
    expect(value("KillSignal")).toEqual(["SIGTERM"]);
    // The server cuts what still hangs after 10 s (server.ts): systemd must wait longer than that.
    expect(Number(value("TimeoutStopSec")[0])).toBeGreaterThan(10);
    for (const [key, expected] of [
      ["NoNewPrivileges", "true"],
      ["ProtectSystem", "strict"],
      ["PrivateTmp", "true"],
    ]) {
      expect(value(key as string), key).toEqual([expected]);
    }
  });

  it.runIf(has("systemd-analyze"))("passes systemd-analyze verify", () => {
    const result = spawnSync("systemd-analyze", ["verify", path.join(root, "deploy/nacre.service")], {
      encoding: "utf8",
    });
    // Only complaints about this file count: the machine's own units may have theirs.
    const complaints = `${result.stdout}${result.stderr}`
      .split("\n")
      .filter(
        (line) => line.includes("nacre.service") && !/No such file|Failed to resolve (user|group)/.test(line),
      );
    expect(complaints).toEqual([]);
  });
});

describe("deploy/Caddyfile", () => {
  it.runIf(has(process.env.CADDY_PATH || "caddy"))(
    "serves the domain over https and proxies it to the unit's address",
    () => {
      const json = execFileSync(
        process.env.CADDY_PATH || "caddy",
        ["adapt", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"],
        { env: { PATH: process.env.PATH, NACRE_DOMAIN: "bijoux.example.fr" }, encoding: "utf8" },
      );
      const config = JSON.parse(json);
      const server = Object.values(config.apps.http.servers)[0] as {
        listen: string[];
        routes: {
          match: { host: string[] }[];
          handle: { routes: { handle: Record<string, unknown>[] }[] }[];
        }[];
      };
      expect(server.listen).toEqual([":443"]);
      expect(server.routes[0]?.match[0]?.host).toEqual(["bijoux.example.fr"]);
      const proxy = server.routes[0]?.handle[0]?.routes[0]?.handle[0] as {
        handler: string;
        upstreams: { dial: string }[];
      };
      expect(proxy.handler).toBe("reverse_proxy");
      expect(proxy.upstreams).toEqual([{ dial: "127.0.0.1:3000" }]);
      // No internal CA nor test option leaks into the real file.
      expect(config.apps.tls).toBeUndefined();
      expect(config.admin).toBeUndefined();
    },
  );
});

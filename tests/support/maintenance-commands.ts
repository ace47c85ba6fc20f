/**
 * Runs a maintenance command (`npm run backup`, `restore`, `move-to-postgres`) as the shop's owner
 * would, for the PostgreSQL tests: `scripts/run-script.mjs` (what the npm script runs), or a bundle
 * of build/ directly. Asynchronous, so that a shop started by the test keeps being read meanwhile.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./shop-server";

export interface CommandResult {
  code: number | null;
  /** Standard output and error, interleaved as they came. */
  output: string;
}

export function runCommand(args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** `npm run <name> -- <args>` with `env` on top of this process's environment. */
export function npmRun(name: string, args: string[], env: Record<string, string>) {
  return runCommand([path.join(root, "scripts/run-script.mjs"), name, ...args], env);
}

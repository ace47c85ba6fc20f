/**
 * Runs a maintenance command (`npm run backup`, `restore`, `move-to-postgres`) as the shop's owner
 * would, for the PostgreSQL tests: the bundle of build/ (a production install's), or
 * `scripts/run-script.mjs` on the sources (a checkout's). Asynchronous, so that a shop started by the test keeps being read meanwhile.
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

/**
 * `npm run <name> -- <args>` with `env` on top of this process's environment, as a production
 * install runs it: the bundle `npm run build` made (scripts/run-script.mjs picks it where there is no
 * tsx; tests/integration/production-install.test.ts runs it so). It starts in a quarter of the CPU
 * the TypeScript source takes through tsx.
 */
export function npmRun(name: string, args: string[], env: Record<string, string>) {
  return runCommand([path.join(root, "build", `${name}.js`), ...args], env);
}

/** The same in a checkout with its dev dependencies: scripts/run-script.mjs runs the TypeScript source. */
export function npmRunFromSources(name: string, args: string[], env: Record<string, string>) {
  return runCommand([path.join(root, "scripts/run-script.mjs"), name, ...args], env);
}

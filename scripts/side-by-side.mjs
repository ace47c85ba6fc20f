// `node scripts/side-by-side.mjs lint typecheck build`: runs those npm scripts at the same time
// (npm test's first stage: they share nothing, and on two cores they overlap well), prints each
// one's output once it ends, with its time, and fails when any of them fails.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("Usage : node scripts/side-by-side.mjs <script npm> [<script npm>…]");
  process.exit(2);
}

const started = Date.now();
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
      child.on("close", (code) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `\n== ${name} : ${code === 0 ? "ok" : `échec (code ${code})`} en ${seconds} s\n`,
        );
        if (output.trim()) process.stdout.write(`${output.trimEnd()}\n`);
        resolve(code === 0);
      });
    }),
);

const results = await Promise.all(runs);
process.exit(results.every(Boolean) ? 0 : 1);

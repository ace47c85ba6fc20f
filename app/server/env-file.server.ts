import fs from "node:fs";
import path from "node:path";

/**
 * Reads `.env` beside package.json into process.env when the file exists. Variables already set
 * (by systemd's EnvironmentFile, the shell) win over the file's.
 */
export function loadEnvFile(root: string) {
  const file = path.join(root, ".env");
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

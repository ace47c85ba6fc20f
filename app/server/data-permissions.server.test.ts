import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { restrictDataPermissions } from "./data-permissions.server";

const dirs: string[] = [];
const folder = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "nacre-droits-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

it("narrows DATA_DIR, its folders and its database to the shop's own user", () => {
  const dataDir = folder();
  fs.chmodSync(dataDir, 0o755);
  fs.mkdirSync(path.join(dataDir, "uploads"), { mode: 0o755 });
  fs.writeFileSync(path.join(dataDir, "nacre.sqlite"), "", { mode: 0o644 });
  restrictDataPermissions(dataDir);
  expect(fs.statSync(dataDir).mode & 0o7777).toBe(0o700);
  expect(fs.statSync(path.join(dataDir, "uploads")).mode & 0o777).toBe(0o700);
  expect(fs.statSync(path.join(dataDir, "nacre.sqlite")).mode & 0o777).toBe(0o600);
});

it("never narrows a folder every user shares (DATA_DIR=/tmp by mistake), only the shop's files in it", () => {
  const shared = folder();
  fs.chmodSync(shared, 0o1777);
  fs.writeFileSync(path.join(shared, "nacre.sqlite"), "", { mode: 0o644 });
  const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  restrictDataPermissions(shared);
  warn.mockRestore();
  expect(fs.statSync(shared).mode & 0o7777).toBe(0o1777);
  expect(fs.statSync(path.join(shared, "nacre.sqlite")).mode & 0o777).toBe(0o600);
});

import SQLite from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { actionFailed } from "./api-responses.server";
import { CONSTRAINT_MESSAGE, constraintStatus, isConstraintViolation } from "./db-errors.server";

function refusedWrite(sql: string): unknown {
  const db = new SQLite(":memory:");
  db.pragma("foreign_keys = on");
  db.exec(`
    create table categories (id text primary key, name text not null unique check (length(trim(name)) > 0));
    create table products (id text primary key, category_id text references categories(id));
    insert into categories values ('a', 'Colliers');
  `);
  try {
    db.exec(sql);
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error("the write was accepted");
}

describe("database constraint failures", () => {
  it("recognises CHECK, NOT NULL, UNIQUE and FOREIGN KEY refusals from SQLite", () => {
    // A NUL cuts SQLite's length() short: the CHECK sees an empty name.
    const check = refusedWrite("insert into categories values ('b', char(0) || 'x')");
    const notNull = refusedWrite("insert into categories values ('b', null)");
    const unique = refusedWrite("insert into categories values ('b', 'Colliers')");
    const foreignKey = refusedWrite("insert into products values ('p', 'nope')");
    for (const error of [check, notNull, unique, foreignKey]) expect(isConstraintViolation(error)).toBe(true);
    expect([check, notNull, unique, foreignKey].map(constraintStatus)).toEqual([400, 400, 409, 409]);
    expect(isConstraintViolation(new Error("disk I/O error"))).toBe(false);
    expect(isConstraintViolation({ code: "SQLITE_BUSY" })).toBe(false);
  });

  it("answers a refused write with a French 4xx and any other failure with a 500", () => {
    const refused = actionFailed(
      refusedWrite("insert into categories values ('b', char(0))"),
      "Échec.",
      "test",
    );
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toEqual({ ok: false, error: CONSTRAINT_MESSAGE });
    const original = console.error;
    console.error = () => {};
    try {
      const failed = actionFailed(new Error("disk I/O error"), "Échec.", "test");
      expect(failed.init?.status).toBe(500);
      expect(failed.data).toEqual({ ok: false, error: "Échec." });
    } finally {
      console.error = original;
    }
  });
});

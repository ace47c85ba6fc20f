import { describe, expect, it } from "vitest";
import { describeDatabaseUrl, findPostgresTool, libpqConnection } from "./postgres-backup.server";

describe("pg_dump's connection", () => {
  it("keeps the password off the URL given on the command line", () => {
    expect(libpqConnection("postgres://nacre:s%40cret@db.example:5432/boutique?sslmode=require")).toEqual({
      dbname: "postgres://nacre@db.example:5432/boutique?sslmode=require",
      password: "s@cret",
    });
    expect(
      libpqConnection("postgresql://nacre@db.example/boutique?password=s3cret&application_name=x"),
    ).toEqual({
      dbname: "postgresql://nacre@db.example/boutique?application_name=x",
      password: "s3cret",
    });
    expect(libpqConnection("postgres:///boutique?host=/var/run/postgresql")).toEqual({
      dbname: "postgres:///boutique?host=/var/run/postgresql",
      password: undefined,
    });
  });

  it("turns node-postgres's TLS spellings into libpq's", () => {
    expect(libpqConnection("postgres://u:p@h/d?ssl=true").dbname).toBe("postgres://u@h/d?sslmode=require");
    expect(libpqConnection("postgres://u:p@h/d?sslmode=no-verify").dbname).toBe(
      "postgres://u@h/d?sslmode=require",
    );
    expect(libpqConnection("postgres://u:p@h/d?ssl=true&sslmode=verify-full").dbname).toBe(
      "postgres://u@h/d?sslmode=verify-full",
    );
    expect(libpqConnection("postgres://u:p@h/d?ssl=false").dbname).toBe("postgres://u@h/d");
  });

  it("shows a URL without its password", () => {
    expect(describeDatabaseUrl("postgres://nacre:s3cret@db.example/boutique")).toBe(
      "postgres://nacre:***@db.example/boutique",
    );
    expect(describeDatabaseUrl("postgres://nacre@db.example/boutique?password=s3cret")).toBe(
      "postgres://nacre@db.example/boutique?password=***",
    );
  });

  it("finds the tools on PATH or where the variable says, and says in French when they are missing", () => {
    expect(() => findPostgresTool("pg_dump", {}, "/nulle-part")).toThrow(
      "pg_dump introuvable : installez le client PostgreSQL (Debian : sudo apt-get install postgresql-client)",
    );
    expect(() => findPostgresTool("pg_restore", { PG_RESTORE_PATH: "/nulle-part/pg_restore" })).toThrow(
      "pg_restore introuvable à /nulle-part/pg_restore (PG_RESTORE_PATH)",
    );
    expect(findPostgresTool("pg_dump", { PG_DUMP_PATH: process.execPath }, "/nulle-part")).toBe(
      process.execPath,
    );
  });
});

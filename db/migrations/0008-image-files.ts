/**
 * Uploaded originals in the database, for shops on PostgreSQL (ADR 015): every instance sees the
 * same pictures, a backup holds them, and a picture deleted through one instance is gone for all.
 * Created on both back ends so the schema stays one; SQLite shops keep their files on disk.
 */
import type { Kysely } from "kysely";
import { bytesType, currentTimestampText } from "../dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("image_files")
    .addColumn("file_name", "text", (c) => c.primaryKey())
    .addColumn("content", bytesType(db), (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(currentTimestampText(db)))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("image_files").execute();
}

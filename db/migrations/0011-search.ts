/**
 * Search across the catalogue and the gallery (docs/product.md §10.23, ADR 019). The
 * words of each piece (name, description, category, colours, materials, pearl types), normalised
 * by the shop's code the same way on both back ends, with the weight of the field they come from;
 * what ranking needs of each piece (sold or not, its name's sort key);
 * the vocabulary of all those words, with a trigram index to find the words a typo is close to
 * (SQLite: FTS5 with the trigram tokenizer, kept in step by triggers; PostgreSQL: pg_trgm). The
 * index is derived data: `search_index_state.rules_version` says which normalisation rules built
 * it, and the shop rebuilds it at start when its rules are newer (here: once, the first time).
 */
import { type Kysely, sql } from "kysely";
import { databaseKind } from "../dialect";

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's schema types.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = databaseKind(db) === "postgres";
  // Byte order on PostgreSQL too, so that `word >= 'coll' and word < 'coll\uffff'` is a prefix
  // search on the B-tree, whatever the database's locale.
  const wordType = postgres ? sql`text collate "C"` : sql`text`;

  await db.schema
    .createTable("search_words")
    .addColumn("word", wordType, (c) => c.notNull())
    .addColumn("product_id", "text", (c) => c.notNull().references("products.id").onDelete("cascade"))
    // 3 the name, 2 a category, colour, material or pearl type, 1 the description.
    .addColumn("weight", "integer", (c) => c.notNull())
    // A word's pieces are read in one range of the key, weights included. SQLite: the rows
    // themselves in the key's order (without rowid). PostgreSQL: the weight carried in the key's
    // index, for index-only scans (the rows of a word are spread over the whole table).
    .$call((table) =>
      postgres
        ? table
        : table
            .addPrimaryKeyConstraint("search_words_pk", ["word", "product_id"])
            .modifyEnd(sql`without rowid`),
    )
    .execute();
  if (postgres) {
    await sql`alter table search_words add constraint search_words_pk primary key (word, product_id) include (weight)`.execute(
      db,
    );
  }
  await db.schema.createIndex("search_words_product_idx").on("search_words").column("product_id").execute();

  // What ranking needs of each piece, beside the words: whether it is sold (for sale first), and
  // its name's sort key, made by the shop's code when the piece is indexed (one order on both back
  // ends, compared byte by byte). A common word finds thousands of pieces: reading these from
  // `products` and its long rows cost PostgreSQL a hash of the whole table per query.
  await db.schema
    .createTable("search_pieces")
    .addColumn("product_id", "text", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("is_sold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("name_key", wordType, (c) => c.notNull())
    .$call((table) => (postgres ? table : table.modifyEnd(sql`without rowid`)))
    .execute();
  // A piece sells through an order, the admin's switch or a save: whichever writer, the index
  // follows in the same transaction.
  if (postgres) {
    await sql`create function search_pieces_follow_sale() returns trigger language plpgsql as $$
      begin
        update search_pieces set is_sold = new.is_sold where product_id = new.id;
        return null;
      end $$`.execute(db);
    await sql`create trigger search_pieces_sold after update of is_sold on products
      for each row when (old.is_sold is distinct from new.is_sold)
      execute function search_pieces_follow_sale()`.execute(db);
  } else {
    await sql`create trigger search_pieces_sold after update of is_sold on products
      when old.is_sold is not new.is_sold begin
        update search_pieces set is_sold = new.is_sold where product_id = new.id;
      end`.execute(db);
  }

  await db.schema
    .createTable("search_vocabulary")
    .addColumn("word", wordType, (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable("search_index_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("rules_version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("search_index_state").values({ id: 1, rules_version: 0 }).execute();

  if (postgres) {
    // A trusted extension: the database's owner may create it (PostgreSQL 13 and later).
    await sql`create extension if not exists pg_trgm`.execute(db);
    // GiST, not GIN: it answers "the nearest words first" (`order by word <-> $1`).
    await sql`create index search_vocabulary_trigram_idx on search_vocabulary using gist (word gist_trgm_ops)`.execute(
      db,
    );
  } else {
    await sql`create virtual table search_vocabulary_trigrams using fts5(word, tokenize = 'trigram remove_diacritics 1')`.execute(
      db,
    );
    await sql`create trigger search_vocabulary_added after insert on search_vocabulary begin
        insert into search_vocabulary_trigrams (rowid, word) values (new.rowid, new.word);
      end`.execute(db);
    await sql`create trigger search_vocabulary_removed after delete on search_vocabulary begin
        delete from search_vocabulary_trigrams where rowid = old.rowid;
      end`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up().
export async function down(db: Kysely<any>): Promise<void> {
  if (databaseKind(db) === "postgres") {
    await sql`drop index if exists search_vocabulary_trigram_idx`.execute(db);
  } else {
    await sql`drop trigger if exists search_vocabulary_removed`.execute(db);
    await sql`drop trigger if exists search_vocabulary_added`.execute(db);
    await sql`drop table if exists search_vocabulary_trigrams`.execute(db);
  }
  if (databaseKind(db) === "postgres") {
    await sql`drop trigger if exists search_pieces_sold on products`.execute(db);
    await sql`drop function if exists search_pieces_follow_sale()`.execute(db);
  } else {
    await sql`drop trigger if exists search_pieces_sold`.execute(db);
  }
  await db.schema.dropTable("search_pieces").execute();
  await db.schema.dropTable("search_index_state").execute();
  await db.schema.dropTable("search_vocabulary").execute();
  await db.schema.dropTable("search_words").execute();
}

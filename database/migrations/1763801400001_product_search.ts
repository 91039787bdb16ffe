import { BaseSchema } from '@adonisjs/lucid/schema'

/*
| Full-text search of the catalog (docs/api/catalog.md, "Search"): `product_search` holds one
| row per product, kept in step with the product's name and description by triggers, so no write
| path of the application has to remember it. The same table name on both databases lets one
| query service join it (app/queries/product_search.ts).
|
| SQLite: an FTS5 table (`unicode61`, diacritics removed), storing its own copy of the text rather
| than reading `products` by rowid: `products` has no INTEGER PRIMARY KEY, so VACUUM (and VACUUM
| INTO, a backup) may renumber its rowids. A rename therefore finds the row by `product_id`.
|
| PostgreSQL: a tsvector per product under a GIN index, built by `product_search_document` with
| the text search configuration `product_search_text`: `simple` (lower-case, no stemming, no stop
| words: product names mix languages and brands) with `unaccent` in front, as SQLite's
| remove_diacritics. ASCII punctuation is turned into spaces first, so the parser sees words and
| numbers only, as FTS5 does (otherwise "example.com" or "v2.0" would be one host or version token).
| The name weighs A, the description B. `unaccent` is a trusted extension: the database owner may
| create it. It is left in place on the way down, as something else may use it.
*/
export default class extends BaseSchema {
  async up() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('create extension if not exists unaccent')
      this.schema.raw('create text search configuration product_search_text (copy = simple)')
      this.schema.raw(`
        alter text search configuration product_search_text
        alter mapping for asciihword, hword_asciipart, word, hword, hword_part, numword,
          numhword, hword_numpart
        with unaccent, simple`)
      this.schema.raw(`
        create function product_search_document(name text, description text) returns tsvector
        language sql stable as $$
          select
            setweight(to_tsvector('product_search_text',
              regexp_replace(coalesce(name, ''), '[!-/:-@\\[-\`{-~]', ' ', 'g')), 'A') ||
            setweight(to_tsvector('product_search_text',
              regexp_replace(coalesce(description, ''), '[!-/:-@\\[-\`{-~]', ' ', 'g')), 'B')
        $$`)
      this.schema.createTable('product_search', (table) => {
        table.uuid('product_id').primary().references('id').inTable('products').onDelete('CASCADE')
        table.specificType('document', 'tsvector').notNullable()
      })
      this.schema.raw(
        'create index product_search_document_index on product_search using gin (document)'
      )
      this.schema.raw(`
        create function product_search_sync() returns trigger language plpgsql as $$
        begin
          insert into product_search (product_id, document)
          values (new.id, product_search_document(new.name, new.description))
          on conflict (product_id) do update set document = excluded.document;
          return null;
        end
        $$`)
      this.schema.raw(`
        create trigger product_search_sync
        after insert or update of name, description on products
        for each row execute function product_search_sync()`)
      this.schema.raw(`
        insert into product_search (product_id, document)
        select id, product_search_document(name, description) from products`)
    } else {
      this.schema.raw(`
        create virtual table product_search using fts5(
          product_id unindexed, name, description,
          tokenize = 'unicode61 remove_diacritics 2'
        )`)
      this.schema.raw(`
        create trigger product_search_insert after insert on products begin
          insert into product_search (product_id, name, description)
          values (new.id, new.name, coalesce(new.description, ''));
        end`)
      this.schema.raw(`
        create trigger product_search_update after update of name, description on products begin
          delete from product_search where product_id = old.id;
          insert into product_search (product_id, name, description)
          values (new.id, new.name, coalesce(new.description, ''));
        end`)
      this.schema.raw(`
        create trigger product_search_delete after delete on products begin
          delete from product_search where product_id = old.id;
        end`)
      this.schema.raw(`
        insert into product_search (product_id, name, description)
        select id, name, coalesce(description, '') from products`)
    }
  }

  async down() {
    if (this.db.dialect.name === 'postgres') {
      this.schema.raw('drop trigger if exists product_search_sync on products')
      this.schema.raw('drop function if exists product_search_sync()')
      this.schema.dropTableIfExists('product_search')
      this.schema.raw('drop function if exists product_search_document(text, text)')
      this.schema.raw('drop text search configuration if exists product_search_text')
    } else {
      for (const operation of ['insert', 'update', 'delete']) {
        this.schema.raw(`drop trigger if exists product_search_${operation}`)
      }
      this.schema.raw('drop table if exists product_search')
    }
  }
}

-- Valuation statements (估值表, issue 29): the custodian's daily valuation of each product, loaded
-- by bank staff from CSV files and read by the product's enterprise and its third-party institution.
--
-- Scale designed for: 200 products × 250 valuation days a year × 300 positions = 15 million lines a
-- year. A statement page reads one statement row by its key and its lines by one primary-key range;
-- the NAV trend reads one product's range of the statements' key, index-only (the figures it needs
-- are included in the index), so a year's series is 250 index entries whatever the line count.

-- One imported file: what was loaded, by whom; the statements it added point back to it.
create table valuation_imports (
  id                  integer generated always as identity primary key,
  file_name           text not null,
  -- SM3 of the file as uploaded (hex).
  file_digest         text not null check (file_digest ~ '^[0-9a-f]{64}$'),
  row_count           integer not null check (row_count >= 1),
  statement_count     integer not null check (statement_count >= 1),
  added               integer not null check (added >= 1),
  imported_by_user_id integer not null references users (user_id),
  imported_by_user_no text not null,
  imported_at         timestamptz not null default now()
);

-- One product's valuation on one day: the summary line and the money lines' totals.
create table valuation_statements (
  id              bigint generated always as identity primary key,
  import_id       integer not null references valuation_imports (id),
  enterprise_no   text not null references enterprises (enterprise_no),
  product_code    text not null,
  -- The register's product name when the statement was imported.
  product_name    text not null,
  valuation_date  date not null,
  nav             numeric(19, 2) not null check (nav > 0),
  units           numeric(19, 2) not null check (units > 0),
  unit_nav        numeric(12, 4) not null check (unit_nav > 0),
  cum_unit_nav    numeric(12, 4) not null check (cum_unit_nav > 0),
  securities      numeric(19, 2) not null,
  cash            numeric(19, 2) not null,
  receivables     numeric(19, 2) not null,
  payables        numeric(19, 2) not null,
  -- SM3 of the statement's canonical content: the same statement sent again is recognised by it,
  -- one with other content for the same product and day is refused.
  content_digest  text not null check (content_digest ~ '^[0-9a-f]{64}$')
);
-- One statement per product and day; also the NAV trend and the previous valuation day: one
-- product's range of this index, index-only for the trend.
create unique index valuation_statements_series_idx on valuation_statements (enterprise_no, product_code, valuation_date) include (nav, unit_nav, cum_unit_nav);

-- The statement's positions and money lines, in file order.
create table valuation_lines (
  statement_id   bigint not null references valuation_statements (id),
  line_no        integer not null,
  line_type      text not null check (line_type in ('position', 'cash', 'receivable', 'payable')),
  security_code  text not null default '',
  market         text not null default '',
  name           text not null,
  asset_class    text not null default '',
  quantity       numeric(21, 4),
  unit_cost      numeric(21, 4),
  cost           numeric(19, 2),
  price          numeric(21, 4),
  market_value   numeric(19, 2) not null,
  gain           numeric(19, 2),
  nav_ratio      numeric(12, 4) not null,
  primary key (statement_id, line_no)
);

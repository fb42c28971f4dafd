-- Custody accounts (issue 11): the bank's register, the accounts an enterprise added to
-- e-banking, which of its user numbers may use which account, and CSV batch additions.
--
-- Every read is scoped by the session's enterprise, and an enterprise holds a few thousand
-- accounts at most (the bench: 100,000 over 50). So the lists walk one enterprise's range of a
-- b-tree and apply the contains-matches (name, product, number) to those rows only; a trigram
-- index would pay off only for one enterprise with hundreds of thousands of accounts, and the
-- extension it needs is database-wide, which the per-schema test databases cannot share.

-- A third-party institution is an enterprise of that type: the pair is referenced below.
alter table enterprises add constraint enterprises_no_type_key unique (enterprise_no, enterprise_type);

-- The bank's register of custody accounts (loaded from core banking; no customer call writes it).
create table custody_accounts (
  account_no                text primary key check (account_no ~ '^[0-9]{12,22}$'),
  account_name              text not null,
  enterprise_no             text not null references enterprises (enterprise_no),
  product_name              text not null,
  product_code              text not null,
  -- Spec §3 code tables: card type (PDBC, PSAV …), account status (00 正常 … 04).
  card_type                 text not null,
  status                    text not null check (status ~ '^[0-9]{2}$'),
  currency                  text not null default 'CNY',
  open_branch               text not null,
  open_date                 date not null,
  balance                   numeric(19, 2) not null default 0,
  -- Spec §3 reinvest type (0/1/2), for deposit products only.
  reinvest_type             text check (reinvest_type in ('0', '1', '2')),
  -- The institution that must confirm this account's instructions; the generated type makes
  -- the foreign key accept only enterprises of type third_party.
  third_party_enterprise_no text,
  third_party_type          text generated always as (case when third_party_enterprise_no is null then null else 'third_party' end) stored,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now(),
  foreign key (third_party_enterprise_no, third_party_type) references enterprises (enterprise_no, enterprise_type),
  check (third_party_enterprise_no is null or third_party_enterprise_no <> enterprise_no),
  -- The list's order and paging within an enterprise; also what e-banking rows reference.
  unique (enterprise_no, account_no)
);
-- Filter by status and the home counts (index-only: status-00 accounts of one enterprise).
create index custody_accounts_enterprise_status_idx on custody_accounts (enterprise_no, status, account_no);
-- accountThird download: the accounts an institution confirms.
create index custody_accounts_third_party_idx on custody_accounts (third_party_enterprise_no, account_no) where third_party_enterprise_no is not null;

-- A register account the enterprise added to e-banking. The composite key keeps the row in the
-- account's own enterprise; enterprise_no is repeated so the home count reads one index.
create table ebank_accounts (
  account_no    text primary key,
  enterprise_no text not null,
  alias         text not null default '',
  -- Spec §9 switch: 1 used, 0 forbidden.
  used          smallint not null default 1 check (used in (0, 1)),
  single_limit  numeric(19, 2) check (single_limit >= 0),
  daily_limit   numeric(19, 2) check (daily_limit >= 0),
  -- The user number that added it; no foreign key, the record outlives a removed seat.
  added_by      text not null,
  added_at      timestamptz not null default now(),
  updated_at    timestamptz not null default now(),
  foreign key (enterprise_no, account_no) references custody_accounts (enterprise_no, account_no),
  check (single_limit is null or daily_limit is null or single_limit <= daily_limit)
);
-- The home count and the not-added filter: the enterprise's e-banking accounts, index-only.
create index ebank_accounts_enterprise_idx on ebank_accounts (enterprise_no, account_no);

-- Which user number may query, enter instructions on, or review instructions on which
-- e-banking account. Both keys carry the enterprise, so a right never crosses enterprises;
-- a removed seat or account takes its rights along.
alter table user_numbers add constraint user_numbers_no_enterprise_key unique (user_no, enterprise_no);
create table account_auth (
  user_no       text not null,
  account_no    text not null,
  enterprise_no text not null,
  can_query     boolean not null default false,
  can_entry     boolean not null default false,
  can_review    boolean not null default false,
  updated_by    text not null,
  updated_at    timestamptz not null default now(),
  primary key (user_no, account_no),
  foreign key (user_no, enterprise_no) references user_numbers (user_no, enterprise_no) on delete cascade,
  foreign key (account_no) references ebank_accounts (account_no) on delete cascade,
  -- Entry and review include the right to see the account; a row grants something.
  check (can_query or not (can_entry or can_review)),
  check (can_query or can_entry or can_review)
);
create index account_auth_account_idx on account_auth (account_no);
create index account_auth_enterprise_idx on account_auth (enterprise_no);

-- Accepted CSV batch additions (accountBatchService/insert); a refused file leaves no row.
create table account_batches (
  batch_id      integer generated always as identity primary key,
  -- The client's id for the batch (the signed edition signs it), or one the server drew.
  batch_no      text not null,
  enterprise_no text not null references enterprises (enterprise_no),
  file_name     text not null,
  row_count     integer not null check (row_count between 1 and 5000),
  -- SM3 of the file as uploaded (hex).
  file_digest   text not null,
  created_by    text not null,
  created_at    timestamptz not null default now(),
  unique (enterprise_no, batch_no)
);
create index account_batches_enterprise_idx on account_batches (enterprise_no, created_at desc);

create table account_batch_rows (
  batch_id   integer not null references account_batches (batch_id) on delete cascade,
  row_no     integer not null,
  account_no text not null,
  alias      text not null default '',
  primary key (batch_id, row_no)
);

-- 询证函 (issue 29): an enterprise administrator issues a named auditor a read-only, time-limited
-- link to a document the bank signed (balances at a date, the statement of the period). The
-- document is made and signed once, at issue, and kept: every open serves the same bytes (the demo
-- seed, which has no bank key, leaves it null: the first read makes it). The link's token is kept
-- as its SM3 only.
create table audit_confirmations (
  id                integer generated always as identity primary key,
  confirmation_no   text not null unique,
  enterprise_no     text not null references enterprises (enterprise_no),
  auditor_name      text not null,
  auditor_firm      text not null,
  period_start      date not null,
  balance_date      date not null,
  account_nos       text[] not null,
  token_sm3         text not null unique,
  expires_at        timestamptz not null,
  document          bytea,
  document_sm3      text,
  issued_by_user_no text not null,
  issued_at         timestamptz not null,
  revoked_at        timestamptz,
  revoked_by_user_no text,
  open_count        integer not null default 0,
  last_opened_at    timestamptz,
  check (period_start <= balance_date),
  check (expires_at > issued_at)
);
create index audit_confirmations_enterprise_idx on audit_confirmations (enterprise_no, id desc);

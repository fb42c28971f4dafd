-- Electronic reconciliation (电子对账, issue 29): for each account and period the enterprise signs
-- that the custodian's cash statement matches its books (相符) or reports the lines that do not
-- (不符) with a reason; the bank answers a mismatch. Periods follow the enterprise's calendar.

-- The enterprise's reconciliation period, set by bank staff; an enterprise without a row is monthly.
create table cash_reconcile_calendars (
  enterprise_no  text primary key references enterprises (enterprise_no),
  frequency      text not null check (frequency in ('monthly', 'quarterly')),
  updated_by_user_no text not null,
  updated_at     timestamptz not null default now()
);

-- One signed answer for one account and period, kept with its signature: the signing data as
-- signed (with the balances the server held), the signature and the key that verified it.
create table cash_reconciliations (
  id                  integer generated always as identity primary key,
  enterprise_no       text not null references enterprises (enterprise_no),
  account_no          text not null references custody_accounts (account_no),
  period_start        date not null,
  period_end          date not null check (period_end >= period_start),
  result              text not null check (result in ('match', 'mismatch')),
  opening             numeric(19, 2),
  closing             numeric(19, 2),
  entry_count         integer not null,
  -- The disputed entries (ids of cash_entries), empty for a match.
  entry_ids           integer[] not null default '{}',
  reason              text not null default '',
  signed_by_user_id   integer not null references users (user_id),
  signed_by_user_no   text not null,
  sign_data           text not null,
  sign_msg            text not null,
  device_key          text not null,
  cert_serial         text,
  signed_at           timestamptz not null,
  reply               text,
  replied_by_user_no  text,
  replied_at          timestamptz,
  unique (account_no, period_start),
  check (result = 'mismatch' or reply is null),
  check ((reply is null) = (replied_at is null))
);
create index cash_reconciliations_enterprise_idx on cash_reconciliations (enterprise_no, period_start desc);

-- Cash statements (资金对账单, issue 29): the custodian's daily statement of each custody account,
-- loaded by bank staff from the custody system's CSV or ISO 20022 camt.053.001.08 files, and the
-- entries the portal writes itself when the custodian executes an instruction.

-- One imported statement file. Its batch id (CSV 批次号, camt.053 GrpHdr/MsgId) makes an import
-- idempotent: the same file again adds nothing, the same id with other content is refused.
create table cash_feeds (
  id                  integer generated always as identity primary key,
  feed_id             text not null unique check (feed_id ~ '^[A-Za-z0-9_-]{6,40}$'),
  format              text not null check (format in ('CSV', 'camt.053.001.08')),
  file_name           text not null,
  -- SM3 of the file as uploaded (hex).
  file_digest         text not null check (file_digest ~ '^[0-9a-f]{64}$'),
  day_count           integer not null check (day_count >= 1),
  entry_count         integer not null check (entry_count >= 0),
  enterprise_count    integer not null check (enterprise_count >= 1),
  imported_by_user_id integer not null references users (user_id),
  imported_by_user_no text not null,
  imported_at         timestamptz not null default now()
);
create index cash_feeds_imported_idx on cash_feeds (id desc);

-- One account's statement of one day: the balances at its start and end. A day comes in one feed
-- only; opening + credits − debits = closing was checked when it came.
create table cash_days (
  account_no    text not null references custody_accounts (account_no),
  statement_date date not null,
  feed_id       integer not null references cash_feeds (id),
  currency      text not null,
  opening       numeric(19, 2) not null,
  closing       numeric(19, 2) not null,
  primary key (account_no, statement_date)
);

-- One movement on an account. From a feed (feed_id set, ref = the custody system's entry
-- reference) or written at the execution of an instruction (source 'instruction', no feed yet);
-- a feed entry carrying that instruction number then completes the same row instead of adding one.
create table cash_entries (
  id                  integer generated always as identity primary key,
  account_no          text not null references custody_accounts (account_no),
  enterprise_no       text not null references enterprises (enterprise_no),
  booking_date        date not null,
  value_date          date not null,
  -- C credit (贷, money in), D debit (借, money out).
  direction           text not null check (direction in ('C', 'D')),
  amount              numeric(19, 2) not null check (amount > 0),
  currency            text not null,
  counterparty_name   text not null default '',
  counterparty_account text not null default '',
  summary             text not null default '',
  instruction_no      text,
  ref                 text,
  feed_id             integer references cash_feeds (id),
  row_no              integer,
  source              text not null check (source in ('feed', 'instruction')),
  created_at          timestamptz not null default now(),
  check ((feed_id is null) = (ref is null))
);
create unique index cash_entries_ref_idx on cash_entries (account_no, ref) where ref is not null;
create unique index cash_entries_instruction_idx on cash_entries (instruction_no) where instruction_no is not null;
-- The statement of an account over a period reads one range of this index.
create index cash_entries_account_date_idx on cash_entries (account_no, booking_date, id);

-- An executed instruction (status 60) is an entry on its payer account the moment it is executed,
-- booked on China's date of the execution, so a payment is followed from the instruction to the
-- statement before the custodian's file for the day arrives.
create function cash_entry_of_execution() returns trigger language plpgsql as $$
begin
  if new.status = '60' and old.status <> '60' then
    insert into cash_entries (account_no, enterprise_no, booking_date, value_date, direction, amount, currency,
                              counterparty_name, counterparty_account, summary, instruction_no, source, created_at)
    values (new.payer_account_no, new.enterprise_no, (new.updated_at at time zone 'Asia/Shanghai')::date, new.value_date,
            'D', new.amount, new.currency, new.payee_name, new.payee_account_no, new.purpose, new.instruction_no,
            'instruction', new.updated_at)
    on conflict (instruction_no) where instruction_no is not null do nothing;
  end if;
  return new;
end;
$$;
create trigger cash_entry_of_execution after update of status on instructions
  for each row execute function cash_entry_of_execution();

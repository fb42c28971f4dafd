-- Payment instructions (issue 12): entry, review, third-party confirmation, custodian check and
-- execution, an append-only history, attachments and idempotent submits.
--
-- Sized for 1,000,000 instructions over 50 enterprises: every list and home count reads one
-- range of an index whose leading columns are its scope (enterprise, maker seat, third party,
-- payer account, or status for the custodian) and, for the lists, the newest id first.

-- The number's sequence part: global, so two makers never draw the same number.
create sequence instruction_no_seq;

create table instructions (
  id                        integer generated always as identity primary key,
  -- 'ZL' + yyyyMMdd (China) + 8-digit sequence.
  instruction_no            text not null unique,
  enterprise_no             text not null references enterprises (enterprise_no),
  -- Dictionary code set instructionType.
  type                      text not null,
  payer_account_no          text not null,
  payee_name                text not null,
  payee_account_no          text not null,
  payee_bank                text not null,
  payee_cnaps               text not null check (payee_cnaps ~ '^[0-9]{12}$'),
  amount                    numeric(19, 2) not null check (amount > 0),
  currency                  text not null,
  value_date                date not null,
  purpose                   text not null,
  remark                    text not null default '',
  -- Copied from the payer account when the instruction is written; the maker never chooses it.
  third_party_enterprise_no text references enterprises (enterprise_no),
  status                    text not null check (status in ('00', '10', '11', '20', '21', '30', '31', '40', '41', '50', '60', '90')),
  -- The latest refusal's reason while the instruction is back with its maker.
  refuse_reason             text,
  -- Optimistic locking: every write adds one.
  version                   integer not null default 0,
  created_by_user_id        integer not null references users (user_id),
  created_by_user_no        text not null,
  created_at                timestamptz not null default now(),
  updated_at                timestamptz not null default now(),
  -- The payer account belongs to the instruction's enterprise.
  foreign key (enterprise_no, payer_account_no) references custody_accounts (enterprise_no, account_no)
);
-- The enterprise's views (all) and the makers' waitCheckCount.
create index instructions_enterprise_idx on instructions (enterprise_no, id desc);
create index instructions_enterprise_status_idx on instructions (enterprise_no, status);
-- The maker's own list and refusal counts.
create index instructions_maker_idx on instructions (created_by_user_no, status, id desc);
create index instructions_maker_list_idx on instructions (created_by_user_no, id desc);
-- Confirm and confirm-review views and counts.
create index instructions_third_party_idx on instructions (third_party_enterprise_no, status, id desc) where third_party_enterprise_no is not null;
-- Available balance, daily limit and the review view (accounts the seat may review).
create index instructions_payer_idx on instructions (payer_account_no, status, value_date);
create index instructions_payer_list_idx on instructions (payer_account_no, id desc);
-- The custodian's views across every enterprise (40 to check, 50 to execute).
create index instructions_status_idx on instructions (status, id desc);

-- Append-only: who (login and seat), when, what, with the signature where there was one.
create table instruction_history (
  id             bigint generated always as identity primary key,
  instruction_id integer not null references instructions (id),
  action         text not null,
  from_status    text,
  to_status      text not null,
  result         text check (result in ('pass', 'refuse')),
  reason         text,
  user_id        integer not null references users (user_id),
  user_no        text not null,
  sign_code      text,
  sign_data      text,
  sign_msg       text,
  created_at     timestamptz not null default now()
);
create index instruction_history_instruction_idx on instruction_history (instruction_id, id);
-- Segregation of duties reads who did what on an instruction; the review count skips the user's own.

create function instruction_history_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'instruction_history is append-only';
end;
$$;
create trigger instruction_history_append_only before update or delete on instruction_history
  for each row execute function instruction_history_append_only();

create table instruction_attachments (
  id             integer generated always as identity primary key,
  instruction_id integer not null references instructions (id),
  file_name      text not null,
  content_type   text not null check (content_type in ('application/pdf', 'image/jpeg', 'image/png')),
  size           integer not null check (size between 1 and 5242880),
  content        bytea not null,
  uploaded_by    text not null,
  uploaded_at    timestamptz not null default now()
);
create index instruction_attachments_instruction_idx on instruction_attachments (instruction_id, id);

-- A retried add with the same Idempotency-Key answers the instruction the first one created.
create table instruction_idempotency (
  user_id        integer not null references users (user_id),
  idem_key       text not null,
  instruction_id integer not null references instructions (id),
  created_at     timestamptz not null default now(),
  primary key (user_id, idem_key)
);

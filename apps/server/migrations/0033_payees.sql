-- 收款人名册 (issue 28): each enterprise's payees, maker-checker. A payee row holds its effective
-- version (or, while a new payee waits for its first review, the proposed one); every proposal
-- (add, edit, delete) is a row of payee_changes, decided once by another person with a signature,
-- and never removed: the changes are the payee's history.
create table payees (
  id                 integer generated always as identity primary key,
  enterprise_no      text not null references enterprises (enterprise_no),
  -- 10 待复核 (new), 20 已生效, 30 已拒绝 (new, refused), 90 已删除.
  status             text not null check (status in ('10', '20', '30', '90')),
  name               text not null,
  account_no         text not null check (account_no ~ '^[0-9]{8,32}$'),
  cnaps              text not null references bank_codes (cnaps),
  -- From bank_codes when the version was proposed.
  bank_name          text not null,
  remark             text not null default '',
  -- The reason a new payee's first review refused it (status 30).
  refuse_reason      text,
  -- Optimistic locking: every write adds one.
  version            integer not null default 0,
  created_by_user_id integer not null references users (user_id),
  created_by_user_no text not null,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
-- The book's lists read one enterprise, newest first; the duplicate check reads its accounts.
create index payees_enterprise_idx on payees (enterprise_no, id desc);
create index payees_account_idx on payees (enterprise_no, account_no);

create table payee_changes (
  id                   integer generated always as identity primary key,
  payee_id             integer not null references payees (id),
  kind                 text not null check (kind in ('add', 'edit', 'delete')),
  -- What the payee becomes if the change passes (a deletion: the version that goes).
  name                 text not null,
  account_no           text not null check (account_no ~ '^[0-9]{8,32}$'),
  cnaps                text not null references bank_codes (cnaps),
  bank_name            text not null,
  remark               text not null default '',
  status               text not null check (status in ('pending', 'approved', 'refused')),
  requested_by_user_id integer not null references users (user_id),
  requested_by_user_no text not null,
  requested_at         timestamptz not null default now(),
  decided_by_user_id   integer references users (user_id),
  decided_by_user_no   text,
  decided_at           timestamptz,
  reason               text,
  sign_code            text,
  sign_data            text,
  sign_msg             text,
  -- Maker-checker: whoever decides is not who proposed.
  check (decided_by_user_id is null or decided_by_user_id <> requested_by_user_id),
  check ((status = 'pending') = (decided_at is null))
);
create index payee_changes_payee_idx on payee_changes (payee_id, id);
-- At most one change waits per payee.
create unique index payee_changes_pending_idx on payee_changes (payee_id) where status = 'pending';

-- A change is decided once and then kept as it is: the history cannot be rewritten.
create function payee_changes_decided_once() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'payee_changes is append-only';
  end if;
  if old.status <> 'pending' then
    raise exception 'a decided payee change cannot change';
  end if;
  return new;
end;
$$;
create trigger payee_changes_decided_once before update or delete on payee_changes
  for each row execute function payee_changes_decided_once();

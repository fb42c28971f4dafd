-- 指令模板 (issue 28): each enterprise's instruction templates, maker-checker like the payee book
-- (0033). A template row holds its approved version (or, while a new template waits for its first
-- review, the proposed one); every proposal (add, edit, delete) is a row of
-- instruction_template_changes, decided once by another person with a signature or withdrawn by
-- its maker, and never removed: the changes are the template's history, and an approved change
-- keeps the version number instructions made from it record.
create table instruction_templates (
  id                 integer generated always as identity primary key,
  enterprise_no      text not null references enterprises (enterprise_no),
  -- 10 待复核 (new), 20 已生效, 30 已拒绝 (new, refused), 90 已删除.
  status             text not null check (status in ('10', '20', '30', '90')),
  name               text not null,
  type               text not null,
  payer_account_no   text not null,
  -- The payee book's entry, and the payee as the book had it when the version was proposed.
  payee_id           integer not null references payees (id),
  payee_name         text not null,
  payee_account_no   text not null,
  payee_bank         text not null,
  payee_cnaps        text not null,
  purpose            text not null,
  -- The fields an instruction made from the template may not change, in TEMPLATE_LOCKABLE order.
  locked             text[] not null default '{}' check (locked <@ array['type', 'payerAccountNo', 'payee', 'purpose']),
  -- The approved version's number: 0 until the first approval, one more at each approved edit.
  revision           integer not null default 0,
  refuse_reason      text,
  -- Optimistic locking: every write adds one.
  version            integer not null default 0,
  created_by_user_id integer not null references users (user_id),
  created_by_user_no text not null,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now()
);
create index instruction_templates_enterprise_idx on instruction_templates (enterprise_no, id desc);

create table instruction_template_changes (
  id                   integer generated always as identity primary key,
  template_id          integer not null references instruction_templates (id),
  kind                 text not null check (kind in ('add', 'edit', 'delete')),
  -- What the template becomes if the change passes (a deletion: the version that goes).
  name                 text not null,
  type                 text not null,
  payer_account_no     text not null,
  payee_id             integer not null references payees (id),
  payee_name           text not null,
  payee_account_no     text not null,
  payee_bank           text not null,
  payee_cnaps          text not null,
  purpose              text not null,
  locked               text[] not null default '{}' check (locked <@ array['type', 'payerAccountNo', 'payee', 'purpose']),
  -- withdrawn: taken back by its maker before any review.
  status               text not null check (status in ('pending', 'approved', 'refused', 'withdrawn')),
  -- The version number an approved add or edit gave the template.
  revision             integer,
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
  -- Maker-checker: whoever decides is not who proposed; a withdrawal names no decider.
  check (decided_by_user_id is null or decided_by_user_id <> requested_by_user_id),
  check ((status in ('approved', 'refused')) = (decided_by_user_id is not null)),
  check ((status = 'pending') = (decided_at is null))
);
create index instruction_template_changes_template_idx on instruction_template_changes (template_id, id);
-- At most one change waits per template; one approved change per version number.
create unique index instruction_template_changes_pending_idx on instruction_template_changes (template_id) where status = 'pending';
create unique index instruction_template_changes_revision_idx on instruction_template_changes (template_id, revision) where revision is not null;

-- A change is decided (or withdrawn) once and then kept as it is: the history cannot be rewritten.
create function instruction_template_changes_decided_once() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'instruction_template_changes is append-only';
  end if;
  if old.status <> 'pending' then
    raise exception 'a decided instruction template change cannot change';
  end if;
  return new;
end;
$$;
create trigger instruction_template_changes_decided_once before update or delete on instruction_template_changes
  for each row execute function instruction_template_changes_decided_once();

-- The template (and its approved version) an instruction was made from; its name as it was then.
alter table instructions
  add column template_id       integer references instruction_templates (id),
  add column template_revision integer,
  add column template_name     text,
  add constraint instructions_template_check check ((template_id is null) = (template_revision is null) and (template_id is null) = (template_name is null));

-- Dual control of administration (issue 30): an administrative change (an operator, a role, an
-- account right, a gateway setting that loosens a call) made by one administrator waits here
-- until a second administrator of the same enterprise (bank staff: a second staff member)
-- approves it. The row keeps what the maker asked (payload), what the target looked like then
-- (before: a change whose target moved since is refused on approval), both signatures and the
-- decision; it is never removed, so the table is the history of administration.
create table admin_changes (
  id                  integer generated always as identity primary key,
  -- A registered change kind (docs/features/dual-control.md), e.g. 'operator.update'.
  kind                text not null,
  -- Whose administration: an enterprise's number; bank staff's changes carry the bank's own.
  enterprise_no       text not null references enterprises (enterprise_no),
  -- One line for lists and notices, written by the kind when the change is made.
  summary             text not null,
  payload             jsonb not null,
  before              jsonb,
  status              text not null check (status in ('pending', 'applied', 'withdrawn', 'rejected')),
  maker_user_id       integer not null references users (user_id),
  maker_user_no       text not null,
  maker_sign_code     text,
  maker_sign_data     text,
  maker_sign_msg      text,
  created_at          timestamptz not null default now(),
  decided_by_user_id  integer references users (user_id),
  decided_by_user_no  text,
  decided_at          timestamptz,
  reason              text,
  decision_sign_code  text,
  decision_sign_data  text,
  decision_sign_msg   text,
  -- Two people: whoever approves or rejects is not the maker (the maker may only withdraw).
  check (status <> 'applied' and status <> 'rejected' or decided_by_user_id <> maker_user_id),
  check ((status = 'pending') = (decided_at is null))
);
create index admin_changes_enterprise_idx on admin_changes (enterprise_no, id desc);
create index admin_changes_pending_idx on admin_changes (enterprise_no) where status = 'pending';

create function admin_changes_decided_once() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    raise exception 'admin_changes is append-only';
  end if;
  if old.status <> 'pending' then
    raise exception 'a decided administrative change cannot change';
  end if;
  return new;
end;
$$;
create trigger admin_changes_decided_once before update or delete on admin_changes
  for each row execute function admin_changes_decided_once();

-- The bank lets an enterprise administer alone (one administrator, or its own choice): audited,
-- and withdrawn by deleting the row.
create table dual_control_waivers (
  enterprise_no      text primary key references enterprises (enterprise_no),
  reason             text not null,
  waived_by_user_id  integer not null references users (user_id),
  waived_by_user_no  text not null,
  waived_at          timestamptz not null default now()
);

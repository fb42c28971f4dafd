-- Staff administration of enterprises and users (issue 10).

-- Third-party institutions (spec §2 "Third-party institution transfer picker") are enterprises too.
alter table enterprises drop constraint enterprises_enterprise_type_check;
alter table enterprises add constraint enterprises_enterprise_type_check
  check (enterprise_type in ('fund_manager', 'insurer', 'corporate', 'third_party', 'bank'));
alter table enterprises add column updated_at timestamptz not null default now();

-- Usernames are unique across the bank whatever their letter case ('Demo' is not a second 'demo').
create unique index users_username_lower_key on users (lower(username));

create index user_numbers_enterprise_idx on user_numbers (enterprise_no);

-- Staff remove seats and people. A removed seat leaves its sessions (already revoked) behind,
-- detached; a removed person takes theirs along. The audit log keeps the history.
alter table sessions drop constraint sessions_user_no_fkey;
alter table sessions add constraint sessions_user_no_fkey
  foreign key (user_no) references user_numbers (user_no) on delete set null;
alter table sessions drop constraint sessions_user_id_fkey;
alter table sessions add constraint sessions_user_id_fkey
  foreign key (user_id) references users (user_id) on delete cascade;

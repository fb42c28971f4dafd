-- Initial schema: enterprises, identities and their user numbers, roles and authorities,
-- menus, sessions, the audit log, gateway API definitions and dictionary standards.

create table enterprises (
  enterprise_no   text primary key,
  enterprise_name text not null,
  enterprise_type text not null check (enterprise_type in ('fund_manager', 'insurer', 'corporate', 'bank')),
  status          smallint not null default 1 check (status in (0, 1)),
  created_at      timestamptz not null default now()
);

-- A login identity: one person, one password.
create table users (
  user_id              integer generated always as identity primary key,
  username             text not null unique,
  password_hash        text not null,
  nick_name            text not null,
  user_desc            text not null default '',
  avatar               text not null default '',
  mobile               text not null default '',
  email                text not null default '',
  branch_code          text not null default '',
  user_type            text not null check (user_type in ('customer', 'staff')),
  status               smallint not null default 1 check (status in (0, 1)),
  must_change_password boolean not null default false,
  password_changed_at  timestamptz not null default now(),
  failed_attempts      integer not null default 0,
  locked_at            timestamptz,
  created_at           timestamptz not null default now(),
  updated_at           timestamptz not null default now()
);

-- A user number is a person's seat in one enterprise (spec: userNoList); roles attach here,
-- so the same person may be a maker in one enterprise and a reviewer in another.
create table user_numbers (
  user_no       text primary key,
  user_id       integer not null references users (user_id),
  enterprise_no text not null references enterprises (enterprise_no),
  status        smallint not null default 1 check (status in (0, 1)),
  created_at    timestamptz not null default now(),
  unique (user_id, enterprise_no)
);

create table authorities (
  authority   text primary key,
  description text not null
);

create table roles (
  role_id   integer generated always as identity primary key,
  role_code text not null unique,
  role_name text not null
);

create table role_authorities (
  role_id   integer not null references roles (role_id) on delete cascade,
  authority text not null references authorities (authority),
  primary key (role_id, authority)
);

create table user_number_roles (
  user_no text not null references user_numbers (user_no) on delete cascade,
  role_id integer not null references roles (role_id) on delete cascade,
  primary key (user_no, role_id)
);

-- Spec §2 "Dynamic routes": menuId, parentId, menuCode, menuName, path, scheme, target, icon, status.
create table menus (
  menu_id   integer primary key,
  parent_id integer not null default 0,
  menu_code text not null unique,
  menu_name text not null,
  path      text not null default '',
  scheme    text not null default '/',
  target    text not null default '',
  icon      text not null default 'md-document',
  status    smallint not null default 1 check (status in (0, 1)),
  sort      integer not null default 0,
  -- The authority a user needs to see the item; null for every logged-in user.
  authority text references authorities (authority)
);

create table sessions (
  token_hash   text primary key,
  user_id      integer not null references users (user_id),
  user_no      text references user_numbers (user_no),
  created_at   timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at   timestamptz not null,
  revoked_at   timestamptz,
  client_ip    text not null default '',
  user_agent   text not null default ''
);
create index sessions_user_no_idx on sessions (user_no) where revoked_at is null;

create table audit_log (
  audit_id      bigint generated always as identity primary key,
  occurred_at   timestamptz not null default now(),
  event         text not null,
  outcome       text not null check (outcome in ('success', 'failure')),
  user_id       integer,
  user_no       text,
  enterprise_no text,
  username      text,
  client_ip     text not null default '',
  request_id    text not null default '',
  detail        jsonb not null default '{}'::jsonb
);
create index audit_log_occurred_idx on audit_log (occurred_at);

-- The audit log is append-only: history cannot be rewritten through the application's role.
create function audit_log_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only';
end;
$$;
create trigger audit_log_no_update before update or delete on audit_log
  for each row execute function audit_log_append_only();

-- Spec §3 "API definition".
create table api_definitions (
  api_id       integer generated always as identity primary key,
  api_code     text not null unique,
  api_name     text not null,
  api_category text not null default '',
  service_id   text not null,
  path         text not null unique,
  status       smallint not null default 1 check (status in (0, 1)),
  priority     integer not null default 0,
  api_desc     text not null default '',
  is_auth      smallint not null default 1 check (is_auth in (0, 1)),
  is_open      smallint not null default 0 check (is_open in (0, 1)),
  is_encrypt   smallint not null default 0 check (is_encrypt in (0, 1)),
  is_ara       smallint not null default 0 check (is_ara in (0, 1)),
  created_at   timestamptz not null default now(),
  updated_at   timestamptz not null default now()
);

-- Spec §3 "Standard dictionary entry", keyed by code and version.
create table dictionary_standards (
  code              text not null,
  version           text not null default '2.0',
  name_zh           text not null,
  check_rule        text not null default '',
  prompt            text not null default '',
  regex             text not null default '',
  replacement       text not null default '',
  pattern           text not null default '',
  options           jsonb not null default '[]'::jsonb,
  code_value        text not null default '',
  number_code       text not null default '',
  letter_code       text not null default '',
  two_letter_code   text not null default '',
  three_letter_code text not null default '',
  primary key (code, version)
);

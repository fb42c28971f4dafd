-- Partner access (issue 15): OAuth 2.0 client credentials for partner systems. A client acts for
-- one enterprise and may call only the catalogue entries of its API set that staff opened (isOpen).

create table partner_clients (
  client_id     text primary key,
  client_name   text not null,
  enterprise_no text not null references enterprises (enterprise_no),
  -- apiCode values of api_definitions; kept as codes so a catalogue row may come and go.
  api_codes     jsonb not null default '[]'::jsonb,
  -- SHA-256 of a 256-bit random secret: the secret itself is shown once and never stored.
  secret_hash   text not null,
  -- Bumped by a rotation: tokens issued with an older secret stop working at once.
  secret_version integer not null default 1,
  status        smallint not null default 1 check (status in (0, 1)),
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index partner_clients_enterprise_idx on partner_clients (enterprise_no);

-- Certificate edition (issue 14): the bank's CA issues one SM2 signing certificate per login,
-- enrolled with a single-use activation code staff hand out.

-- Activation codes: only the SHA-256 of the code is kept; single use, short-lived.
create table certificate_activation_codes (
  id                 integer generated always as identity primary key,
  code_hash          text not null unique,
  user_id            integer not null references users (user_id) on delete cascade,
  expires_at         timestamptz not null,
  used_at            timestamptz,
  created_by_user_id integer not null references users (user_id),
  created_at         timestamptz not null default now()
);
create index certificate_activation_codes_user_idx on certificate_activation_codes (user_id, created_at desc);

create table certificates (
  -- 16 random bytes as 32 lower-case hex digits.
  serial             text primary key check (serial ~ '^[0-9a-f]{32}$'),
  user_id            integer not null references users (user_id) on delete cascade,
  subject            text not null,
  -- '04' + X + Y hex of the key the browser generated.
  public_key         text not null,
  -- PEM, as handed to the browser.
  certificate        text not null,
  not_before         timestamptz not null,
  not_after          timestamptz not null,
  status             text not null default 'active' check (status in ('active', 'frozen', 'revoked')),
  -- The certificate this one renewed, and how it came to be.
  renewed_from       text references certificates (serial),
  activation_code_id integer references certificate_activation_codes (id),
  revoked_at         timestamptz,
  revoke_reason      text,
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  check ((status = 'revoked') = (revoked_at is not null)),
  check (not_after > not_before)
);
create index certificates_user_idx on certificates (user_id, created_at desc);
create index certificates_key_idx on certificates (public_key);
-- One live (active or frozen) certificate per login.
create unique index certificates_one_live_idx on certificates (user_id) where status <> 'revoked';

-- The certificate a certificate-edition session logged in with; its key is the session's device_key.
alter table sessions add column cert_serial text references certificates (serial);

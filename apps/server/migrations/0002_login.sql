-- Login: earlier password hashes (a new password may not repeat the last 5) and the devices
-- (browser SM2 keys) each user has logged in from, so a new device can be flagged.

create table password_history (
  history_id    integer generated always as identity primary key,
  user_id       integer not null references users (user_id) on delete cascade,
  password_hash text not null,
  changed_at    timestamptz not null default now()
);
create index password_history_user_idx on password_history (user_id, changed_at desc);

create table login_devices (
  user_id       integer not null references users (user_id) on delete cascade,
  device_key    text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at  timestamptz not null default now(),
  primary key (user_id, device_key)
);

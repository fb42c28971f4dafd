-- Lockout per (user, device) for browsers the user has not logged in from (second pen test):
-- each such device key counts and locks on a row of its own, so a stranger's wrong passwords
-- lock the stranger's browser, not every new browser of the owner. The users row keeps the sum
-- over all unknown devices, with a much higher threshold (UNKNOWN_DEVICE_MAX_FAILURES).
-- A row goes when its device logs in (it is then a login_devices row) or staff unlock.

create table unknown_device_failures (
  user_id         integer not null references users (user_id) on delete cascade,
  device_key      text not null,
  failed_attempts integer not null default 0,
  locked_at       timestamptz,
  primary key (user_id, device_key)
);


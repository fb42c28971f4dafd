-- Lockout per known device: wrong passwords from a browser the user has logged in from before
-- are counted (and lock) apart from those of unknown browsers, so strangers cannot lock the
-- owner's own browser out.

alter table login_devices add column failed_attempts integer not null default 0;
alter table login_devices add column locked_at timestamptz;

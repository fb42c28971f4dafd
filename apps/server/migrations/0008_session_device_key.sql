-- Signed operations (issue 11): a session remembers the public key of the device key that
-- signed its login, the only key whose signatures its sensitive operations are accepted with.
-- Sessions from before this column have none; their signed operations are refused until the
-- user logs in again.

alter table sessions add column device_key text;

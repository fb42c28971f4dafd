-- Penetration test: an Idempotency-Key reused with another body answered the first instruction as
-- if it were the second. The digest of the request it was first used with (older rows: unknown).
alter table instruction_idempotency add column body_sha256 text;

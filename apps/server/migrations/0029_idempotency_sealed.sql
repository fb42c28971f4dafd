-- The kept answer of a write may be a secret (an activation code, an initial password, a partner
-- client secret), and the key opens it: the table keeps neither in the clear (docs/platform/
-- idempotency.md). The key becomes its SHA-256 within its scope; the answer is sealed with
-- AES-256-GCM under a key derived from the Idempotency-Key value, which only the client holds.
-- Existing rows are deleted, not converted: their plain keys cannot be turned into sealed answers
-- without the client, and they only answer retries for 24 hours anyway. A retry of a write made
-- before the upgrade then runs as a first request (no key is found).
drop table idempotent_requests;
create table idempotent_requests (
  -- Whose key: 'u:<user id>' for a login, 'p:<client id>' for a partner client.
  scope        text not null,
  -- SHA-256 hex of scope, newline and the Idempotency-Key value.
  key_sha256   text not null,
  operation_id text not null,
  -- SHA-256 of the request without its signature: a retry may be signed again.
  body_sha256  text not null,
  request_id   text not null,
  -- IV (12 bytes), ciphertext and GCM tag (16 bytes) of the success answer's JSON; null while the
  -- request that committed has not finished.
  answer       bytea,
  created_at   timestamptz not null default now(),
  primary key (scope, key_sha256)
);
create index idempotent_requests_created_idx on idempotent_requests (created_at);

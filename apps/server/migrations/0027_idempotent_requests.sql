-- Every write takes an Idempotency-Key (issue 26): one table for all of them, replacing the
-- instruction add's own. The row is written in the write's transaction, so a key marks exactly
-- the writes that committed; the answer is added once it is known.
create table idempotent_requests (
  -- Whose key: 'u:<user id>' for a login, 'p:<client id>' for a partner client.
  scope        text not null,
  idem_key     text not null,
  operation_id text not null,
  -- SHA-256 of the request without its signature: a retry may be signed again.
  body_sha256  text not null,
  request_id   text not null,
  -- The success answer's data; null while the request that committed has not finished.
  answer       jsonb,
  created_at   timestamptz not null default now(),
  primary key (scope, idem_key)
);
create index idempotent_requests_created_idx on idempotent_requests (created_at);

drop table instruction_idempotency;

-- The API catalogue keeps each operation's contract defaults apart from what staff override:
-- the start-up sync refreshes `contract_defaults` and recomputes the effective flag columns
-- (is_encrypt, is_ara, is_auth, is_open, status) as the defaults overlaid with `overrides`.
-- Rows without a contract_id are definitions staff created for routes served elsewhere.
alter table api_definitions add column contract_id text unique;
alter table api_definitions add column contract_defaults jsonb;
alter table api_definitions add column overrides jsonb not null default '{}'::jsonb;

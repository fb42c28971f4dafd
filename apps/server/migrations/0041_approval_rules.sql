-- 审批规则 (issue 30): per enterprise, instruction type and payer account ('' = all), how many
-- distinct reviewers each amount band needs (1 to 3) and the most each named reviewer may pass.
-- A rule is never changed in place: every save is a new version row of its scope, and the
-- highest version is the scope's rule (active false: retired). An instruction records the
-- version it was submitted under, so a later change never moves the bar under it.
create table approval_rules (
  id                 integer generated always as identity primary key,
  enterprise_no      text not null references enterprises (enterprise_no),
  instruction_type   text not null default '',
  payer_account_no   text not null default '',
  version            integer not null check (version >= 1),
  active             boolean not null,
  -- [{upTo: "1000000.00" | null, reviewers: 1..3}], ascending, the last without an upper bound.
  bands              jsonb not null,
  -- [{userNo: "U…", limit: "2000000.00"}]: a reviewer named here cannot pass more than his limit.
  reviewer_limits    jsonb not null default '[]'::jsonb,
  created_by_user_no text not null,
  created_at         timestamptz not null default now(),
  unique (enterprise_no, instruction_type, payer_account_no, version)
);

-- Null rule: the fixed chain (one reviewer, no limit). approved_by: the logins that passed it since
-- it was last submitted, in order; a refusal or a resubmission empties it.
alter table instructions
  add column approval_rule_id   integer references approval_rules (id),
  add column approvals_required integer not null default 1 check (approvals_required between 1 and 3),
  add column approved_by        integer[] not null default '{}';

-- Risk notices (issue 13): written and published by the bank's staff, addressed to every customer
-- enterprise or to chosen ones, read per seat (user number).

create table risk_notices (
  id                 integer generated always as identity primary key,
  title              text not null,
  -- Rich text, cleaned by the server before it is stored (no script, handlers or external images).
  body               text not null,
  -- Code table riskLevel: 1 一般, 2 重要, 3 紧急.
  level              text not null check (level in ('1', '2', '3')),
  audience           text not null check (audience in ('all', 'chosen')),
  status             text not null default 'draft' check (status in ('draft', 'published', 'withdrawn')),
  expire_at          timestamptz not null,
  published_at       timestamptz,
  withdrawn_at       timestamptz,
  withdraw_reason    text,
  version            integer not null default 0,
  created_by_user_id integer not null references users (user_id),
  created_at         timestamptz not null default now(),
  updated_at         timestamptz not null default now(),
  check ((status = 'draft') = (published_at is null)),
  check ((status = 'withdrawn') = (withdrawn_at is not null))
);
-- Customers' lists and RiskCount: the published ones, newest first.
create index risk_notices_published_idx on risk_notices (published_at desc, id desc) where status = 'published';

-- The chosen enterprises of an audience 'chosen' notice.
create table risk_notice_enterprises (
  notice_id     integer not null references risk_notices (id) on delete cascade,
  enterprise_no text not null references enterprises (enterprise_no),
  primary key (notice_id, enterprise_no)
);
create index risk_notice_enterprises_enterprise_idx on risk_notice_enterprises (enterprise_no, notice_id);

-- Read receipts, one per seat: the seat, and the login behind it at the time.
create table risk_notice_reads (
  notice_id integer not null references risk_notices (id) on delete cascade,
  user_no   text not null references user_numbers (user_no) on delete cascade,
  user_id   integer not null references users (user_id),
  read_at   timestamptz not null default now(),
  primary key (user_no, notice_id)
);
create index risk_notice_reads_notice_idx on risk_notice_reads (notice_id, read_at);

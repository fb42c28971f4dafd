-- 报表中心 (issue 29): subscriptions to registered reports, run by a scheduled job of which exactly
-- one instance takes each due run (a lease: locked_until, taken with FOR UPDATE SKIP LOCKED), and
-- the reports produced, kept 90 days.

create table report_subscriptions (
  id            integer generated always as identity primary key,
  user_no       text not null references user_numbers (user_no) on delete cascade,
  enterprise_no text not null references enterprises (enterprise_no),
  -- A kind from the server's report registry.
  report_kind   text not null,
  frequency     text not null check (frequency in ('daily', 'weekly', 'monthly')),
  format        text not null,
  -- The report's own parameters (accounts and the like), checked against its schema.
  params        jsonb not null default '{}',
  status        text not null default 'active' check (status in ('active', 'cancelled')),
  -- The instant the next run is due; the run covers the period that ended then.
  next_run_at   timestamptz not null,
  -- The lease of the instance running it; a crashed run is taken again once it passes.
  locked_until  timestamptz,
  attempts      integer not null default 0,
  last_run_at   timestamptz,
  -- ok | failed | retrying, of the last run (null before the first).
  last_status   text check (last_status in ('ok', 'failed', 'retrying')),
  last_error    text,
  created_at    timestamptz not null default now(),
  updated_at    timestamptz not null default now()
);
create index report_subscriptions_due_idx on report_subscriptions (next_run_at) where status = 'active';
create index report_subscriptions_seat_idx on report_subscriptions (user_no, id desc);

create table generated_reports (
  id              integer generated always as identity primary key,
  user_no         text not null references user_numbers (user_no) on delete cascade,
  enterprise_no   text not null references enterprises (enterprise_no),
  report_kind     text not null,
  title           text not null,
  format          text not null,
  -- on demand, or by which subscription.
  subscription_id integer references report_subscriptions (id) on delete set null,
  period_from     text,
  period_to       text,
  file_name       text not null,
  content_type    text not null,
  body            bytea not null,
  byte_size       integer not null,
  created_at      timestamptz not null default now(),
  expires_at      timestamptz not null
);
create index generated_reports_seat_idx on generated_reports (user_no, created_at desc, id desc);
create index generated_reports_expiry_idx on generated_reports (expires_at);

-- 工作日历 (issue 28): the days bank staff mark as holidays, 调休 workdays or exchange closures.
-- Every other day follows the week (Monday to Friday open); packages/shared decides with these rows.
create table business_calendar_days (
  day        text primary key check (day ~ '^\d{4}-\d{2}-\d{2}$'),
  kind       text not null check (kind in ('holiday', 'workday', 'exchangeClosed')),
  name       text not null,
  updated_by text not null,
  updated_at timestamptz not null default now()
);

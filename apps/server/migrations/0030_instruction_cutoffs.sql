-- 截止时间 (issue 28): by when, Beijing time, an instruction of each type and currency must be
-- through the custodian's check to be paid on its value date; packages/shared/src/rules/cutoff.ts
-- decides with these rows and the business calendar. Every type and currency starts at the bank's
-- usual 15:00 without notice; staff change them under 托管行信息发布 › 截止时间.
create table instruction_cutoffs (
  instruction_type text not null,
  currency         text not null,
  -- HH:mm on the value date.
  cutoff_time      text not null check (cutoff_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  -- Working hours before it by which the instruction must be through (0: none).
  notice_hours     integer not null default 0 check (notice_hours between 0 and 40),
  updated_by       text not null,
  updated_at       timestamptz not null default now(),
  primary key (instruction_type, currency)
);
insert into instruction_cutoffs (instruction_type, currency, cutoff_time, updated_by)
select t.code, c.code, '15:00', 'system'
from (values ('01'), ('02'), ('03'), ('04'), ('05')) as t(code)
cross join (values ('CNY'), ('USD'), ('KRW')) as c(code);

-- Warnings (issue 13): clear-position warnings, pre-cleaning reminders and new-share payments,
-- loaded from the custody system's daily CSV feeds by bank staff and handled by customers.
--
-- Every warning names a register account, and the composite foreign key keeps the warning in that
-- account's enterprise. Customer lists read one enterprise's range of an index ordered by the
-- kind's date; each home count reads one range of a partial index holding only what is still to do.

-- One imported feed file. Its feed id makes an import idempotent: the same file again adds nothing,
-- the same id with other content is refused (by comparing the digest).
create table warning_feeds (
  id                  integer generated always as identity primary key,
  feed_id             text not null unique check (feed_id ~ '^[A-Za-z0-9_-]{6,40}$'),
  kind                text not null check (kind in ('clearPosition', 'preCleaning', 'newSharePayment')),
  file_name           text not null,
  -- SM3 of the file as uploaded (hex).
  file_digest         text not null check (file_digest ~ '^[0-9a-f]{64}$'),
  row_count           integer not null check (row_count between 1 and 5000),
  enterprise_count    integer not null check (enterprise_count >= 1),
  imported_by_user_id integer not null references users (user_id),
  imported_by_user_no text not null,
  imported_at         timestamptz not null default now()
);
create index warning_feeds_imported_idx on warning_feeds (id desc);
create index warning_feeds_kind_idx on warning_feeds (kind, id desc);

-- 清仓预警. A warning line or stop-loss line is crossed when the unit NAV falls to it or below;
-- 到期清盘 (maturity) crosses no line and has no threshold.
create table clear_position_warnings (
  id                 integer generated always as identity primary key,
  feed_id            integer not null references warning_feeds (id),
  -- The line of the feed file it came from.
  row_no             integer not null,
  enterprise_no      text not null,
  account_no         text not null,
  product_code       text not null,
  -- The register's product name when the feed was imported.
  product_name       text not null,
  -- Dictionary code set warningTrigger: 01 预警线, 02 止损线, 03 到期清盘.
  trigger_type       text not null check (trigger_type in ('01', '02', '03')),
  unit_nav           numeric(12, 4) not null check (unit_nav > 0),
  threshold          numeric(12, 4) check (threshold > 0),
  trigger_date       date not null,
  deadline           date not null,
  -- Dictionary code set warningStatus: 0 未处理, 1 已处理.
  status             text not null default '0' check (status in ('0', '1')),
  -- Who handled it (login and seat), when, and what they wrote.
  handled_by_user_id integer references users (user_id),
  handled_by_user_no text,
  handled_at         timestamptz,
  remark             text,
  created_at         timestamptz not null default now(),
  foreign key (enterprise_no, account_no) references custody_accounts (enterprise_no, account_no),
  unique (account_no, trigger_type, trigger_date),
  check (deadline >= trigger_date),
  check ((trigger_type = '03') = (threshold is null)),
  check (trigger_type = '03' or unit_nav <= threshold),
  check (
    (status = '0' and handled_by_user_id is null and handled_by_user_no is null and handled_at is null and remark is null)
    or (status = '1' and handled_by_user_id is not null and handled_by_user_no is not null and handled_at is not null and remark is not null)
  )
);
create index clear_position_enterprise_idx on clear_position_warnings (enterprise_no, trigger_date desc, id desc);
-- positionCount: the enterprise's unhandled warnings.
create index clear_position_open_idx on clear_position_warnings (enterprise_no) where status = '0';
-- The custodian's view across enterprises.
create index clear_position_date_idx on clear_position_warnings (trigger_date desc, id desc);

-- 预清算提醒. The available balance is the feed's (the custody system's position at cut-off), not
-- the register's; the shortfall is computed here so no client ever does money arithmetic.
create table pre_cleaning_reminders (
  id                 integer generated always as identity primary key,
  feed_id            integer not null references warning_feeds (id),
  row_no             integer not null,
  enterprise_no      text not null,
  account_no         text not null,
  settle_date        date not null,
  -- Dictionary code set market (SH 上交所, SZ 深交所, BJ 北交所, IB 银行间, HK 港股通).
  market             text not null,
  amount_due         numeric(19, 2) not null check (amount_due >= 0),
  available_balance  numeric(19, 2) not null check (available_balance >= 0),
  shortfall          numeric(19, 2) generated always as (greatest(amount_due - available_balance, 0)) stored,
  status             text not null default '0' check (status in ('0', '1')),
  handled_by_user_id integer references users (user_id),
  handled_by_user_no text,
  handled_at         timestamptz,
  remark             text,
  created_at         timestamptz not null default now(),
  foreign key (enterprise_no, account_no) references custody_accounts (enterprise_no, account_no),
  unique (account_no, settle_date, market),
  check (
    (status = '0' and handled_by_user_id is null and handled_by_user_no is null and handled_at is null and remark is null)
    or (status = '1' and handled_by_user_id is not null and handled_by_user_no is not null and handled_at is not null and remark is not null)
  )
);
create index pre_cleaning_enterprise_idx on pre_cleaning_reminders (enterprise_no, settle_date desc, id desc);
-- deptCount: the enterprise's unhandled reminders with a shortfall.
create index pre_cleaning_open_idx on pre_cleaning_reminders (enterprise_no) where status = '0' and shortfall > 0;
create index pre_cleaning_date_idx on pre_cleaning_reminders (settle_date desc, id desc);

-- 新股缴款提醒. The amount payable is quantity × issue price, computed here and exact: the check
-- refuses a product with a fraction of a cent rather than let the column round it.
create table new_share_payments (
  id                 integer generated always as identity primary key,
  feed_id            integer not null references warning_feeds (id),
  row_no             integer not null,
  enterprise_no      text not null,
  account_no         text not null,
  stock_code         text not null check (stock_code ~ '^[0-9]{6}$'),
  stock_name         text not null,
  market             text not null,
  quantity           bigint not null check (quantity between 1 and 9999999999),
  issue_price        numeric(12, 4) not null check (issue_price > 0),
  amount_payable     numeric(19, 2) generated always as (quantity * issue_price) stored,
  payment_deadline   date not null,
  -- Dictionary code set sharePaymentStatus: 0 未缴款, 1 已确认缴款.
  status             text not null default '0' check (status in ('0', '1')),
  handled_by_user_id integer references users (user_id),
  handled_by_user_no text,
  handled_at         timestamptz,
  remark             text,
  created_at         timestamptz not null default now(),
  foreign key (enterprise_no, account_no) references custody_accounts (enterprise_no, account_no),
  unique (account_no, stock_code),
  check (quantity * issue_price = round(quantity * issue_price, 2)),
  check (
    (status = '0' and handled_by_user_id is null and handled_by_user_no is null and handled_at is null and remark is null)
    or (status = '1' and handled_by_user_id is not null and handled_by_user_no is not null and handled_at is not null and remark is not null)
  )
);
create index new_share_enterprise_idx on new_share_payments (enterprise_no, payment_deadline desc, id desc);
-- shareCount: the enterprise's unpaid ones whose deadline has not passed (a range of the deadline).
create index new_share_unpaid_idx on new_share_payments (enterprise_no, payment_deadline) where status = '0';
create index new_share_deadline_idx on new_share_payments (payment_deadline desc, id desc);

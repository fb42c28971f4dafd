-- 消息中心 (issue 29): one list of notifications per seat (user number), written by the module whose
-- event caused it, in that event's transaction; e-mails chosen per kind wait in an outbox and are
-- sent after the commit, retried until they go (a failed mail never undoes the business write).

create table notifications (
  id         integer generated always as identity primary key,
  user_no    text not null references user_numbers (user_no) on delete cascade,
  -- report | reconciliation | warning | riskNotice | instruction
  kind       text not null check (kind in ('report', 'reconciliation', 'warning', 'riskNotice', 'instruction')),
  title      text not null,
  body       text not null default '',
  -- A console path the item opens (e.g. /addedServices/reportCenter/index?report=12), or ''.
  link       text not null default '',
  created_at timestamptz not null default now(),
  read_at    timestamptz
);
-- The list, newest first, and the unread count of a seat.
create index notifications_seat_idx on notifications (user_no, created_at desc, id desc);
create index notifications_unread_idx on notifications (user_no) where read_at is null;

-- Per seat and kind: whether the notification also goes by e-mail (absent: in-app only).
create table notification_preferences (
  user_no text not null references user_numbers (user_no) on delete cascade,
  kind    text not null check (kind in ('report', 'reconciliation', 'warning', 'riskNotice', 'instruction')),
  email   boolean not null default false,
  primary key (user_no, kind)
);

-- The e-mail outbox: written with the notification, sent after the commit with backoff.
create table notification_mails (
  id              integer generated always as identity primary key,
  notification_id integer not null references notifications (id) on delete cascade,
  to_address      text not null,
  subject         text not null,
  text            text not null,
  attempts        integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until    timestamptz,
  sent_at         timestamptz,
  last_error      text
);
create index notification_mails_due_idx on notification_mails (next_attempt_at) where sent_at is null;

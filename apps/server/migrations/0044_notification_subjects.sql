-- A notification may name the thing it is about (e.g. riskNotice:12, cashPeriod:40): that thing's
-- own reading marks the notification read, withdrawing it removes its notifications, and a seat
-- is told of one subject once, however often the job or the write that tells it runs.

alter table notifications add column subject text;
create unique index notifications_subject_idx on notifications (subject, user_no) where subject is not null;

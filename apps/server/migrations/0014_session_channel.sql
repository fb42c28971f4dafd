-- Scan-code login (issue 15): one live session per seat *and channel*, so the phone that confirms
-- a desktop's scan-code login keeps its own session ('mobile') while the desktop gets one ('web').
alter table sessions add column channel text not null default 'web' check (channel in ('web', 'mobile'));

-- Spec §6: a menu group may be marked always-show, so it stays a group even when it holds a
-- single item (which otherwise takes the group's place in the sidebar).
alter table menus add column always_show smallint not null default 0 check (always_show in (0, 1));

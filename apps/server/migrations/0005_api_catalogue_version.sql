-- The API catalogue's version: every change (staff writes, the start-up sync) bumps it, and
-- instances compare theirs with it to know they must reload the definitions.
create table api_catalogue_state (
  id      smallint primary key default 1 check (id = 1),
  version bigint not null default 1
);
insert into api_catalogue_state (id, version) values (1, 1);

-- Partner access floor: a partner client acts as one seat of its enterprise, chosen by staff; its
-- authorities and account rights bound every call. Null: no seat chosen, no business call passes.
-- A seat deleted later leaves the client without one (it must be chosen again).
alter table partner_clients add column user_no text references user_numbers (user_no) on delete set null;

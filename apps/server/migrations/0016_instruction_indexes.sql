-- The maker's own list (the entry view) names the seat and its enterprise. With the seat alone
-- in the index, the planner takes the two conditions as independent (a seat's instructions are
-- all in its enterprise, the planner guesses one in fifty), so it reads every one of the seat's
-- instructions and sorts them rather than walk the newest ten: 30 ms instead of 0.1 ms at
-- 1,000,000 instructions (`npm run bench -- instructions`). Both columns in the index, in front
-- of the id, make the first page a walk of ten entries and the count an index-only scan.
drop index instructions_maker_list_idx;
create index instructions_maker_list_idx on instructions (created_by_user_no, enterprise_no, id desc);

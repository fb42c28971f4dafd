-- 批量导入 (issue 28): a maker's file of payments (our xlsx template or ISO 20022 pain.001.001.09),
-- imported all or nothing once its trial run was clean. One row per import, signed by the maker,
-- named by the SM3 of the file's bytes so the same file is recognised when it comes again; one row
-- per payment linking its instruction to its place in the file, which the pain.002 report cites.
create sequence instruction_import_no_seq;

create table instruction_imports (
  id                 integer generated always as identity primary key,
  -- PL + yyyyMMdd + 6-digit serial.
  import_no          text not null unique,
  enterprise_no      text not null references enterprises (enterprise_no),
  file_name          text not null,
  format             text not null check (format in ('xlsx', 'pain.001')),
  file_sm3           text not null check (file_sm3 ~ '^[0-9a-f]{64}$'),
  -- pain.001 GrpHdr/MsgId (the report's OrgnlMsgId); for an xlsx, the import number.
  message_id         text not null,
  row_count          integer not null check (row_count > 0),
  -- [{currency, count, amount}] by currency, amounts as decimal strings.
  totals             jsonb not null,
  -- true: submitted for review at once; false: created as drafts.
  submitted          boolean not null,
  -- A deliberate second import of the same file names the first.
  duplicate_of       integer references instruction_imports (id),
  created_by_user_id integer not null references users (user_id),
  created_by_user_no text not null,
  created_at         timestamptz not null default now(),
  -- The maker's signature (rules/signing.ts InstructionImport); null only for demo imports.
  sign_code          text,
  sign_data          text,
  sign_msg           text
);
-- The page lists one enterprise's imports newest first; the duplicate check looks a hash up in it.
create index instruction_imports_enterprise_idx on instruction_imports (enterprise_no, id desc);
create index instruction_imports_sm3_idx on instruction_imports (enterprise_no, file_sm3);

create table instruction_import_rows (
  import_id      integer not null references instruction_imports (id),
  -- The spreadsheet row (header = 1) or the payment's position in the pain.001 (1-based).
  row_no         integer not null,
  instruction_id integer not null unique references instructions (id),
  -- pain.001 PmtInfId / InstrId / EndToEndId; for an xlsx, the import number, blank, and the
  -- row's 业务参考号 (or the row number).
  payment_info_id text not null,
  instr_id        text,
  end_to_end_id   text not null,
  primary key (import_id, row_no)
);

import { formatAccountNo, formatDateTime, type TemplateRecord } from '@portal/shared';
import { Button, Typography, type TableColumnsType } from 'antd';
import { ClippedText, WIDE_SCREENS } from '../../../components/data-table';
import { LockedTags, TemplateStatusTag, changeKindLabel, typeLabel } from './template-format';

type Column = TableColumnsType<TemplateRecord>[number];

/** The template's name (opening it) over its type and purpose. */
const nameColumn = (open: (row: TemplateRecord) => void): Column => ({
  key: 'name',
  title: '模板',
  render: (_, row) => (
    <div>
      <Button type="link" size="small" style={{ paddingInline: 0, height: 'auto' }} onClick={() => open(row)}>
        <ClippedText text={row.name} width={180} />
      </Button>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {typeLabel(row.type)} · <ClippedText text={row.purpose} width={120} />
      </Typography.Text>
    </div>
  ),
});

/** The payee's name over its account number. */
// On a phone the name, status and actions fit; the payee is in the detail.
const payeeColumn: Column = {
  key: 'payee',
  title: '收款人',
  responsive: ['sm'],
  render: (_, row) => (
    <div>
      <ClippedText text={row.payeeName} width={200} />
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {formatAccountNo(row.payeeAccountNo)}
      </Typography.Text>
    </div>
  ),
};

const payerColumn: Column = { key: 'payer', title: '付款账户', render: (_, row) => formatAccountNo(row.payerAccountNo), responsive: WIDE_SCREENS };
const lockedColumn: Column = { key: 'locked', title: '锁定字段', render: (_, row) => <LockedTags locked={row.locked} />, responsive: WIDE_SCREENS };

/** The list's columns: each template (its approved version, or the new one waiting) and its state. */
export const templateColumns = (open: (row: TemplateRecord) => void): TableColumnsType<TemplateRecord> => [
  nameColumn(open),
  payeeColumn,
  payerColumn,
  lockedColumn,
  { key: 'status', title: '状态', render: (_, row) => <TemplateStatusTag record={row} /> },
  { key: 'updatedAt', title: '更新时间', render: (_, row) => formatDateTime(row.updatedAt), responsive: WIDE_SCREENS },
];

/** The review list's columns: what each waiting change proposes, and who asked. */
export const reviewColumns = (open: (row: TemplateRecord) => void): TableColumnsType<TemplateRecord> => [
  { key: 'kind', title: '变更类型', render: (_, row) => changeKindLabel(row.pendingChange?.kind ?? '') },
  nameColumn(open),
  payeeColumn,
  lockedColumn,
  { key: 'requestedBy', title: '申请人', render: (_, row) => row.pendingChange?.requestedByName, responsive: WIDE_SCREENS },
  { key: 'requestedAt', title: '申请时间', render: (_, row) => (row.pendingChange ? formatDateTime(row.pendingChange.requestedAt) : ''), responsive: WIDE_SCREENS },
];

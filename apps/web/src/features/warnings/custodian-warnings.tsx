import { WARNING_KIND_NAMES, WARNING_KINDS, warningsApi, type WarningKind, type WarningRecord } from '@portal/shared';
import { Segmented, Space } from 'antd';
import { useMemo, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { contractFields } from '../../components/form-builder';
import { fetchCustodianPage, warningsKey } from './api/warnings';
import { HandlerCell, WarningStatus } from './warning-format';
import { accountColumn, CLEAR_POSITION_VIEW, NEW_SHARE_PAYMENT_VIEW, PRE_CLEANING_VIEW, type WarningKindView } from './warning-kinds';
import { warningQueryFields } from './warning-query-fields';

// One kind is listed at a time: each view reads records of its own kind.
const VIEWS = { clearPosition: CLEAR_POSITION_VIEW, preCleaning: PRE_CLEANING_VIEW, newSharePayment: NEW_SHARE_PAYMENT_VIEW } as unknown as Record<WarningKind, WarningKindView<WarningRecord>>;

/** 预警查询: one kind's warnings across every enterprise, as the customers see them. */
export function CustodianWarnings() {
  const [kind, setKind] = useState<WarningKind>('clearPosition');
  const view = VIEWS[kind];
  const fields = useMemo(
    () => [...contractFields(warningsApi.custodianWarningQuerySchema.shape, [{ name: 'enterpriseNo', type: 'text', label: '企业编号' }]), ...warningQueryFields(kind, view.dateLabel)],
    [kind, view],
  );
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Segmented<WarningKind> value={kind} onChange={setKind} options={WARNING_KINDS.map((k) => ({ value: k, label: WARNING_KIND_NAMES[k] }))} />
      <DataTable<WarningRecord>
      key={kind}
      ariaLabel={`${view.title}（全部企业）`}
      queryKey={[...warningsKey, 'custodian', kind]}
      fetchPage={fetchCustodianPage(kind)}
      rowKey="id"
      showIndex
      queryFields={fields}
      columns={[
        { key: 'enterprise', title: '企业', dataIndex: 'enterpriseName' },
        accountColumn(),
        ...view.columns,
        { key: 'status', title: '状态', render: (_, r) => <WarningStatus record={r} /> },
        { key: 'handledBy', title: view.verb === '处理' ? '处理人' : '确认人', render: (_, r) => <HandlerCell record={r} /> },
      ]}
      />
    </Space>
  );
}

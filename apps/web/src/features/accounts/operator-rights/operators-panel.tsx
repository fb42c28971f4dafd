import { formatAccountNo, type PersonRecord } from '@portal/shared';
import { Drawer, Tooltip } from 'antd';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import { RoleTags, SeatStatusTag } from '../../../components/user-tags';
import type { FormField } from '../../../components/form-builder';
import { useMediaQuery } from '../../../lib/media-query';
import { RIGHT_LABELS, type RightKey } from '../account-rights';
import { fetchOperatorPage, operatorsKey } from '../api/list-operators';
import { OperatorAccountRights } from './operator-account-rights';

const QUERY_FIELDS: FormField[] = [
  { name: 'userNo', type: 'text', label: '用户号' },
  { name: 'nickName', type: 'text', label: '用户姓名' },
];

const rightCount = (person: PersonRecord, key: RightKey) => person.accounts.filter((a) => a[key]).length;

/** 操作员授权: the enterprise's operators with their roles and how many accounts they hold each right on. */
export function OperatorsPanel() {
  const [editing, setEditing] = useState<PersonRecord | null>(null);
  const narrow = useMediaQuery('(max-width: 991px)');

  const rowActions: RowAction<PersonRecord>[] = [{ key: 'rights', label: '账户权限', onClick: setEditing }];

  return (
    <>
      <DataTable<PersonRecord>
        ariaLabel="操作员列表"
        queryKey={operatorsKey}
        fetchPage={fetchOperatorPage}
        rowKey="userNo"
        showIndex
        queryFields={QUERY_FIELDS}
        rowActions={rowActions}
        columns={[
          { title: '用户号', dataIndex: 'userNo' },
          { title: '用户姓名', dataIndex: 'nickName' },
          { title: '用户名', dataIndex: 'username' },
          {
            title: '角色',
            dataIndex: 'roles',
            render: (roles: PersonRecord['roles']) => <RoleTags roles={roles} empty="暂无" />,
          },
          { title: '状态', key: 'status', render: (_, row) => <SeatStatusTag row={row} /> },
          ...(Object.keys(RIGHT_LABELS) as RightKey[]).map((key) => ({
            title: `可${RIGHT_LABELS[key]}账户`,
            key,
            align: 'right' as const,
            render: (_: unknown, row: PersonRecord) => {
              const accounts = row.accounts.filter((a) => a[key]).map((a) => formatAccountNo(a.accountNo));
              return <Tooltip title={accounts.join('、') || undefined}>{rightCount(row, key)}</Tooltip>;
            },
          })),
        ]}
      />
      <Drawer
        open={editing !== null}
        title={editing ? `操作员账户权限：${editing.nickName}（${editing.userNo}）` : '操作员账户权限'}
        size={narrow ? '100%' : 1040}
        onClose={() => setEditing(null)}
        destroyOnHidden
      >
        {editing && <OperatorAccountRights userNo={editing.userNo} userName={editing.nickName} />}
      </Drawer>
    </>
  );
}

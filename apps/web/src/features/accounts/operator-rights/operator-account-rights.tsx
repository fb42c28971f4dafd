import { useQuery } from '@tanstack/react-query';
import { accountsApi, formatAccountNo, isHeld, type AccountRecord, type AccountRights } from '@portal/shared';
import { Alert, Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/data-table';
import type { FormField } from '../../../components/form-builder';
import { usePermission } from '../../../lib/permissions';
import { schemaRule } from '../../../lib/schema-rule';
import { UsedTag } from '../account-columns';
import { NO_RIGHTS, hasAnyRight, sameRights, seatRightsAfter } from '../account-rights';
import { textOrEmpty } from '../account-format';
import { accountsKey, fetchAccountPage } from '../api/list-accounts';
import { seatRightsQuery } from '../api/seat-rights';
import { useSetSeatRights } from '../api/set-seat-rights';
import { RightsCheckboxes } from '../rights-checkboxes';
import { useMessage } from '../../../lib/countdown-message';
import { announceChange } from '../../../lib/held-change';

const QUERY_FIELDS: FormField[] = [
  { name: 'accountNo', type: 'text', label: '账号', rules: [schemaRule(accountsApi.accountFilterFields.accountNo)] },
  { name: 'accountName', type: 'text', label: '账户名称', rules: [schemaRule(accountsApi.accountFilterFields.accountName)] },
];

const fetchAddedPage = fetchAccountPage('added');

interface OperatorAccountRightsProps {
  userNo: string;
  userName: string;
  onSaved?: (accountCount: number) => void;
}

/**
 * 操作员账户权限: the enterprise's e-banking accounts with one operator's 查询 / 录入 / 复核 on
 * each. Edits are kept across pages and saved together as the seat's whole set of rights.
 */
export function OperatorAccountRights({ userNo, userName, onSaved }: OperatorAccountRightsProps) {
  const message = useMessage();
  const mayEdit = usePermission('accountAuth');
  const held = useQuery(seatRightsQuery(userNo));
  const saving = useSetSeatRights();
  const [edits, setEdits] = useState<Map<string, AccountRights>>(new Map());
  const heldBy = new Map((held.data?.accounts ?? []).map((a) => [a.accountNo, a]));
  const rightsOf = (accountNo: string) => edits.get(accountNo) ?? heldBy.get(accountNo) ?? NO_RIGHTS;
  const changed = [...edits].filter(([accountNo, rights]) => !sameRights(rights, heldBy.get(accountNo) ?? NO_RIGHTS)).length;
  const heldCount = (held.data?.accounts ?? []).filter(hasAnyRight).length;

  const save = async () => {
    if (!held.data) return;
    try {
      const answer = await saving.mutateAsync({ userNo, accounts: seatRightsAfter(held.data.accounts, edits) });
      setEdits(new Map());
      // Another administrator approves it first (待审批变更): nothing changed yet.
      if (announceChange(message, answer, isHeld(answer) ? '' : `已保存 ${userName} 的账户权限，共 ${answer.accountCount} 个账户`) && !isHeld(answer)) onSaved?.(answer.accountCount);
    } catch {
      // The HTTP client has shown the refusal; the edits stay on screen.
    }
  };

  return (
    <DataTable<AccountRecord>
      ariaLabel={`${userName}的账户权限`}
      queryKey={[...accountsKey, 'operator-rights', userNo]}
      fetchPage={fetchAddedPage}
      rowKey="accountNo"
      queryFields={QUERY_FIELDS}
      toolbar={
        <>
          <Typography.Text type="secondary">
            {held.isPending ? '正在读取权限…' : `已授权 ${heldCount} 个账户`}
            {changed > 0 && `，已修改 ${changed} 个账户，保存后生效`}
          </Typography.Text>
          {mayEdit ? (
            <Space>
              <Button disabled={changed === 0 || saving.isPending} onClick={() => setEdits(new Map())}>
                撤销修改
              </Button>
              <Button type="primary" disabled={changed === 0 || !held.data} loading={saving.isPending} onClick={() => void save()}>
                保存权限
              </Button>
            </Space>
          ) : (
            <Alert type="info" showIcon title="仅可查看，修改账户权限需“账户授权”权限" />
          )}
        </>
      }
      columns={[
        { key: 'accountNo', title: '账号', dataIndex: 'accountNo', render: (v: string) => formatAccountNo(v) },
        { key: 'accountName', title: '账户名称', dataIndex: 'accountName' },
        { key: 'alias', title: '账户别名', dataIndex: 'alias', render: textOrEmpty },
        { key: 'used', title: '使用状态', dataIndex: 'used', render: (used: number | null) => <UsedTag used={used} /> },
        {
          key: 'rights',
          title: '账户权限',
          render: (_, row) => (
            <RightsCheckboxes
              subject={row.alias || row.accountName}
              rights={rightsOf(row.accountNo)}
              disabled={!mayEdit || !held.data || saving.isPending}
              onChange={(rights) => setEdits((current) => new Map(current).set(row.accountNo, rights))}
            />
          ),
        },
      ]}
    />
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isHeld, type AccountRecord, type AccountRights, type HeldChange } from '@portal/shared';
import { Alert, Modal, Table, Typography } from 'antd';
import { useState } from 'react';
import { accountTitle } from './account-format';
import { sameRights, seatRightsAfter } from './account-rights';
import { accountAuthDetailQuery } from './api/account-auth-detail';
import { seatRightsQuery } from './api/seat-rights';
import { useSetSeatRights } from './api/set-seat-rights';
import { RightsCheckboxes } from './rights-checkboxes';

interface AccountAuthDialogProps {
  account: AccountRecord;
  onClose: () => void;
  /** `held`: the changes wait for another administrator (待审批变更) and have not taken effect. */
  onSaved: (changedSeats: number, held?: HeldChange) => void;
}

/**
 * 账户授权 of one account: which of the enterprise's seats may query, enter or review on it.
 * Rights are kept per seat (`personModify` sets a seat's whole set), so each changed seat's
 * current set is read again and saved with only this account's rights changed.
 */
export function AccountAuthDialog({ account, onClose, onSaved }: AccountAuthDialogProps) {
  const queryClient = useQueryClient();
  const detail = useQuery(accountAuthDetailQuery(account.accountNo));
  const saving = useSetSeatRights();
  const [edits, setEdits] = useState<Map<string, AccountRights>>(new Map());
  const [pending, setPending] = useState(false);
  const seats = detail.data?.seats ?? [];
  const changed = seats.filter((s) => edits.has(s.userNo) && !sameRights(s, edits.get(s.userNo)!));

  const save = async () => {
    setPending(true);
    try {
      let waiting: HeldChange | undefined;
      for (const seat of changed) {
        const held = await queryClient.fetchQuery(seatRightsQuery(seat.userNo));
        const answer = await saving.mutateAsync({ userNo: seat.userNo, accounts: seatRightsAfter(held.accounts, new Map([[account.accountNo, edits.get(seat.userNo)!]])) });
        if (isHeld(answer)) waiting = answer;
      }
      onSaved(changed.length, waiting);
    } catch {
      // The HTTP client has shown the refusal; seats saved before it keep their new rights.
      await queryClient.invalidateQueries({ queryKey: accountAuthDetailQuery(account.accountNo).queryKey });
      setEdits(new Map());
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      open
      title="账户授权"
      width={720}
      okText="保存"
      cancelText="取消"
      mask={{ closable: false }}
      okButtonProps={{ disabled: changed.length === 0 }}
      confirmLoading={pending}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {accountTitle(account)}：勾选可查询、录入或复核该账户指令的操作员。录入和复核包含查询权限。
      </Typography.Paragraph>
      {account.used === 0 && <Alert style={{ marginBottom: 12 }} type="info" showIcon title="该账户已停用，授权在账户重新启用后生效。" />}
      <Table
        size="small"
        rowKey="userNo"
        loading={detail.isFetching}
        dataSource={seats}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        locale={{ emptyText: '本企业暂无操作员' }}
        columns={[
          { title: '用户号', dataIndex: 'userNo' },
          { title: '用户姓名', dataIndex: 'userName' },
          { title: '用户名', dataIndex: 'username' },
          {
            title: '账户权限',
            key: 'rights',
            render: (_, seat) => (
              <RightsCheckboxes
                subject={seat.userName}
                rights={edits.get(seat.userNo) ?? seat}
                disabled={pending}
                onChange={(rights) => setEdits((current) => new Map(current).set(seat.userNo, rights))}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

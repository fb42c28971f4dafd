import { useQuery } from '@tanstack/react-query';
import { groupAccountNo, formatDateTime, instructionsApi, payeesApi, type PayeeChange, type PayeeRecord } from '@portal/shared';
import { Alert, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import { currentUserQuery } from '../../../lib/session';
import { useMessage } from '../../../lib/countdown-message';
import { useReviewPayee } from '../api/payees';
import { changeKindLabel } from '../common/payee-format';

const VERB = { pass: '复核通过', refuse: '退回' } as const;

/** A value of the change; for an edit that changes it, the effective value struck through above the new one. */
function Compared({ before, after }: { before: string; after: string | null }) {
  if (after === null || after === before) return after ?? before;
  return (
    <Space orientation="vertical" size={0}>
      <del>{before}</del>
      <strong>{after}</strong>
    </Space>
  );
}

/**
 * 复核 one waiting change: what it proposes (an edit beside the effective version, account
 * numbers whole: the reviewer checks them), then 通过 or 退回 with a reason, signed by the
 * reviewer's key over the change as shown here.
 */
export function PayeeReviewDialog({ row, onClose }: { row: PayeeRecord; onClose: () => void }) {
  const change = row.pendingChange as PayeeChange;
  const me = useQuery(currentUserQuery).data;
  const message = useMessage();
  const reviewing = useReviewPayee();
  const [form] = Form.useForm<{ reason: string }>();
  const edit = change.kind === 'edit';
  const own = me?.userNo === change.requestedByUserNo;

  const decide = async (result: 'pass' | 'refuse') => {
    const { reason = '' } = result === 'refuse' ? await form.validateFields() : form.getFieldsValue();
    try {
      await reviewing.mutateAsync({ change, result, reason: reason.trim() });
      message.success(`已${VERB[result]}：${changeKindLabel(change.kind)}收款人“${change.name}”`);
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <Modal
      open
      title={`复核收款人${changeKindLabel(change.kind)}`}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="refuse" danger disabled={own || reviewing.isPending} onClick={() => void decide('refuse')}>
          退回
        </Button>,
        <Button key="pass" type="primary" disabled={own} loading={reviewing.isPending} onClick={() => void decide('pass')}>
          复核通过
        </Button>,
      ]}
    >
      {own && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={payeesApi.PAYEE_MESSAGES.sameUser} />}
      {change.kind === 'delete' && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="复核通过后该收款人将被删除，不能再用于指令" />}
      <Descriptions bordered size="small" column={1} aria-label="待复核的收款人">
        <Descriptions.Item label="变更类型">{changeKindLabel(change.kind)}</Descriptions.Item>
        <Descriptions.Item label="收款人名称">
          <Compared before={edit ? row.name : change.name} after={edit ? change.name : null} />
        </Descriptions.Item>
        <Descriptions.Item label="收款账号">
          <Compared before={groupAccountNo(edit ? row.accountNo : change.accountNo)} after={edit ? groupAccountNo(change.accountNo) : null} />
        </Descriptions.Item>
        <Descriptions.Item label="开户行">
          <Compared before={edit ? `${row.bankName}（${row.cnaps}）` : `${change.bankName}（${change.cnaps}）`} after={edit ? `${change.bankName}（${change.cnaps}）` : null} />
        </Descriptions.Item>
        <Descriptions.Item label="备注">
          <Compared before={(edit ? row.remark : change.remark) || '暂无'} after={edit ? change.remark || '暂无' : null} />
        </Descriptions.Item>
        <Descriptions.Item label="申请人">
          {change.requestedByName}（{change.requestedByUserNo}） · {formatDateTime(change.requestedAt)}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" name="payeeReview" style={{ marginTop: 16 }}>
        <Form.Item name="reason" label="复核意见（退回时必填）" rules={[{ required: true, whitespace: true, message: instructionsApi.REASON_REQUIRED }]}>
          <Input.TextArea rows={3} maxLength={payeesApi.PAYEE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

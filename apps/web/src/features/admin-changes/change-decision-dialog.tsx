import { adminChangesApi, formatDateTime, type AdminChange } from '@portal/shared';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useOneTimePasswordNotice } from '../../components/one-time-password';
import { useMessage } from '../../lib/countdown-message';
import { useDecideChange, useWithdrawChange } from './api/admin-changes';
import { ChangeView } from './change-view';

/**
 * One change: what it was and what the maker asks, then 审批通过 or 拒绝 (with a reason), signed
 * by the second administrator; its maker may only 撤回 it.
 */
export function ChangeDecisionDialog({ change, onClose }: { change: AdminChange; onClose: () => void }) {
  const message = useMessage();
  const showPassword = useOneTimePasswordNotice();
  const deciding = useDecideChange();
  const withdrawing = useWithdrawChange();
  const [form] = Form.useForm<{ reason: string }>();
  const pending = change.status === 'pending';

  const decide = async (result: 'pass' | 'refuse') => {
    const { reason = '' } = result === 'refuse' ? await form.validateFields() : form.getFieldsValue();
    try {
      const answer = await deciding.mutateAsync({ changeId: change.id, result, reason: reason.trim() });
      message.success(result === 'pass' ? `已审批通过并生效：${change.summary}` : `已拒绝：${change.summary}`);
      onClose();
      // An added operator or a reset: the one-time password goes to the approver, shown this once.
      const issued = answer.result as { username?: string; initialPassword?: string; password?: string } | null;
      const password = issued?.initialPassword ?? issued?.password;
      if (issued?.username && password) showPassword({ title: '一次性密码', intro: '请将此密码转交该操作员。', username: issued.username, password });
    } catch {
      // Shown by the HTTP client (a stale change says so).
    }
  };
  const withdraw = async () => {
    try {
      await withdrawing.mutateAsync(change.id);
      message.success(`已撤回：${change.summary}`);
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  const footer = !pending
    ? [<Button key="close" onClick={onClose}>关闭</Button>]
    : change.mine
      ? [
          <Button key="cancel" onClick={onClose}>取消</Button>,
          <Button key="withdraw" danger loading={withdrawing.isPending} onClick={() => void withdraw()}>撤回</Button>,
        ]
      : [
          <Button key="cancel" onClick={onClose}>取消</Button>,
          <Button key="refuse" danger disabled={deciding.isPending} onClick={() => void decide('refuse')}>拒绝</Button>,
          <Button key="pass" type="primary" loading={deciding.isPending} onClick={() => void decide('pass')}>审批通过</Button>,
        ];

  return (
    <Modal open title={`${change.kindLabel}（${adminChangesApi.ADMIN_CHANGE_STATUS_LABELS[change.status]}）`} width={760} onCancel={onClose} destroyOnHidden footer={footer}>
      {pending && change.mine && <Alert type="info" showIcon style={{ marginBottom: 16 }} title="这是您提交的变更：须由另一位管理员审批，您只能撤回。" />}
      <Descriptions bordered size="small" column={1} aria-label="变更信息" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="变更">{change.summary}</Descriptions.Item>
        <Descriptions.Item label="提交人">
          {change.makerName}（{change.makerUserNo}） · {formatDateTime(change.createdAt)}
        </Descriptions.Item>
        {change.decidedAt && (
          <Descriptions.Item label="处理人">
            {change.decidedByName}（{change.decidedByUserNo}） · {formatDateTime(change.decidedAt)}
            {change.reason ? ` · ${change.reason}` : ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      <ChangeView before={change.before} after={change.after} />
      {pending && !change.mine && (
        <Form form={form} layout="vertical" name="changeDecision" style={{ marginTop: 16 }}>
          <Form.Item name="reason" label="审批意见（拒绝时必填）" rules={[{ required: true, whitespace: true, message: adminChangesApi.REJECT_REASON_REQUIRED }]}>
            <Input.TextArea rows={3} maxLength={adminChangesApi.ADMIN_CHANGE_REASON_MAX} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

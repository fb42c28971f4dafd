import { useQuery } from '@tanstack/react-query';
import { formatDateTime, groupAccountNo, instructionsApi, templatesApi, type TemplateChange, type TemplateRecord } from '@portal/shared';
import { Alert, Button, Descriptions, Form, Input, Modal, Space } from 'antd';
import type { ReactNode } from 'react';
import { currentUserQuery } from '../../../lib/session';
import { useMessage } from '../../../lib/countdown-message';
import { useReviewTemplate } from '../api/templates';
import { LockedTags, changeKindLabel, typeLabel } from '../common/template-format';

const VERB = { pass: '复核通过', refuse: '退回' } as const;

/** A value of the change; for an edit that changes it, the approved value struck through above the new one. */
function Compared({ before, after }: { before: ReactNode; after: ReactNode | null }) {
  if (after === null || after === before) return after ?? before;
  return (
    <Space orientation="vertical" size={0}>
      <del>{before}</del>
      <strong>{after}</strong>
    </Space>
  );
}

/**
 * 复核 one waiting template change: what it proposes (an edit beside the approved version, the
 * payee's account whole), then 通过 or 退回 with a reason, signed by the reviewer's key over the
 * change as shown here.
 */
export function TemplateReviewDialog({ row, onClose }: { row: TemplateRecord; onClose: () => void }) {
  const change = row.pendingChange as TemplateChange;
  const me = useQuery(currentUserQuery).data;
  const message = useMessage();
  const reviewing = useReviewTemplate();
  const [form] = Form.useForm<{ reason: string }>();
  const edit = change.kind === 'edit';
  const own = me?.userNo === change.requestedByUserNo;
  const pair = (of: (v: TemplateRecord | TemplateChange) => string) => <Compared before={of(edit ? row : change)} after={edit ? of(change) : null} />;

  const decide = async (result: 'pass' | 'refuse') => {
    const { reason = '' } = result === 'refuse' ? await form.validateFields() : form.getFieldsValue();
    try {
      await reviewing.mutateAsync({ change, result, reason: reason.trim() });
      message.success(`已${VERB[result]}：${changeKindLabel(change.kind)}模板“${change.name}”`);
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <Modal
      open
      title={`复核模板${changeKindLabel(change.kind)}`}
      width={680}
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
      {own && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={templatesApi.TEMPLATE_MESSAGES.sameUser} />}
      {change.kind === 'delete' && <Alert type="error" showIcon style={{ marginBottom: 16 }} title="复核通过后该模板将被删除，不能再用于新建指令" />}
      <Descriptions bordered size="small" column={1} aria-label="待复核的模板">
        <Descriptions.Item label="变更类型">{changeKindLabel(change.kind)}</Descriptions.Item>
        <Descriptions.Item label="模板名称">{pair((v) => v.name)}</Descriptions.Item>
        <Descriptions.Item label="指令类型">{pair((v) => typeLabel(v.type))}</Descriptions.Item>
        <Descriptions.Item label="付款账户">{pair((v) => groupAccountNo(v.payerAccountNo))}</Descriptions.Item>
        <Descriptions.Item label="收款人">{pair((v) => v.payeeName)}</Descriptions.Item>
        <Descriptions.Item label="收款账号">{pair((v) => groupAccountNo(v.payeeAccountNo))}</Descriptions.Item>
        <Descriptions.Item label="开户行">{pair((v) => `${v.payeeBank}（${v.payeeCnaps}）`)}</Descriptions.Item>
        <Descriptions.Item label="用途">{pair((v) => v.purpose)}</Descriptions.Item>
        <Descriptions.Item label="锁定字段">
          {edit && row.locked.join() !== change.locked.join() ? (
            <Space orientation="vertical" size={4}>
              <del>
                <LockedTags locked={row.locked} />
              </del>
              <LockedTags locked={change.locked} />
            </Space>
          ) : (
            <LockedTags locked={change.locked} />
          )}
        </Descriptions.Item>
        <Descriptions.Item label="申请人">
          {change.requestedByName}（{change.requestedByUserNo}） · {formatDateTime(change.requestedAt)}
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" name="templateReview" style={{ marginTop: 16 }}>
        <Form.Item name="reason" label="复核意见（退回时必填）" rules={[{ required: true, whitespace: true, message: instructionsApi.REASON_REQUIRED }]}>
          <Input.TextArea rows={3} maxLength={templatesApi.TEMPLATE_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { INSTRUCTION_STATUS, nextStatus, type InstructionListRecord, type InstructionRecord, type InstructionStatus, type TemplateRecord } from '@portal/shared';
import { Button, Card, Form, Input, Modal, Space, Typography } from 'antd';
import { useState } from 'react';
import { DataTable, type RowAction } from '../../../components/data-table';
import { Permission } from '../../../lib/permissions';
import { fetchInstructionPage, instructionsKey, useRevokeInstruction, useSubmitInstructions } from '../api/instructions';
import { instructionColumns } from '../common/instruction-columns';
import { InstructionDetailDrawer } from '../common/instruction-detail-drawer';
import { InstructionFormDialog } from './instruction-form-dialog';
import { TemplatePicker } from './template-picker';
import { INSTRUCTION_QUERY_FIELDS } from '../common/instruction-query-fields';
import { useMessage } from '../../../lib/countdown-message';
import { atRiskNote } from '../common/cutoff-notes';

const fetchEntry = fetchInstructionPage('entry');
// Whether the maker may take an action on a row: the shared state machine decides.
const allows = (row: InstructionRecord, action: 'edit' | 'submit' | 'revoke') =>
  nextStatus(row.status as InstructionStatus, action, { hasThirdParty: row.thirdPartyEnterpriseNo !== null }) !== null;

type Dialog = { mode: 'add'; template?: TemplateRecord } | { mode: 'pick' } | { mode: 'edit'; record: InstructionRecord } | { mode: 'revoke'; record: InstructionRecord };

/** 指令管理 › 指令录入 (`/instructionManagement/instructionEntry/index`): the maker's own instructions. */
export function InstructionEntryPage() {
  const message = useMessage();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [openId, setOpenId] = useState<number | null>(null);
  const submitting = useSubmitInstructions();
  const revoking = useRevokeInstruction();
  const [revokeForm] = Form.useForm<{ reason: string }>();

  const rowActions: RowAction<InstructionRecord>[] = [
    { key: 'detail', label: '详情', onClick: (row) => setOpenId(row.id) },
    { key: 'edit', label: '修改', permission: 'instructionEdit', visible: (row) => allows(row, 'edit'), onClick: (row) => setDialog({ mode: 'edit', record: row }) },
    {
      key: 'submit',
      label: '提交',
      permission: 'instructionSubmit',
      visible: (row) => allows(row, 'submit'),
      confirm: (row) => `确定提交指令 ${row.instructionNo} 复核吗？`,
      onClick: async (row) => {
        try {
          const answer = await submitting.mutateAsync([row.id]);
          message.success(`指令 ${row.instructionNo} 已提交复核`);
          const risk = atRiskNote(answer);
          if (risk) message.warning(risk, 8);
        } catch {
          // Shown by the HTTP client.
        }
      },
    },
    { key: 'revoke', label: '撤销', danger: true, visible: (row) => allows(row, 'revoke'), onClick: (row) => setDialog({ mode: 'revoke', record: row }) },
  ];

  const revoke = async (record: InstructionRecord, reason: string) => {
    try {
      await revoking.mutateAsync({ id: record.id, reason });
      message.success(`指令 ${record.instructionNo} 已撤销`);
      setDialog(null);
    } catch {
      // Shown by the HTTP client.
    }
  };

  return (
    <Card title="指令录入">
      <DataTable<InstructionListRecord>
        ariaLabel="我的指令列表"
        queryKey={[...instructionsKey, 'list', 'entry']}
        fetchPage={fetchEntry}
        columns={instructionColumns((row) => setOpenId(row.id), { wideActions: true })}
        rowKey="id"
        showIndex
        queryFields={INSTRUCTION_QUERY_FIELDS}
        rowActions={rowActions}
        // A refused instruction offers all four at once: none hidden under 更多.
        maxInlineActions={4}
        toolbar={
          <Permission names="instructionAdd">
            <Space wrap>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })}>
                新增指令
              </Button>
              <Button icon={<CopyOutlined />} onClick={() => setDialog({ mode: 'pick' })}>
                从模板新建
              </Button>
            </Space>
          </Permission>
        }
      />
      {dialog?.mode === 'add' && <InstructionFormDialog template={dialog.template} onClose={() => setDialog(null)} />}
      {dialog?.mode === 'pick' && <TemplatePicker onPick={(template) => setDialog({ mode: 'add', template })} onClose={() => setDialog(null)} />}
      {dialog?.mode === 'edit' && <InstructionFormDialog record={dialog.record} onClose={() => setDialog(null)} />}
      {dialog?.mode === 'revoke' && (
        <Modal
          open
          title={`撤销指令 ${dialog.record.instructionNo}`}
          okText="确认撤销"
          okButtonProps={{ danger: true }}
          confirmLoading={revoking.isPending}
          onOk={() => revokeForm.submit()}
          onCancel={() => setDialog(null)}
          destroyOnHidden
        >
          <Typography.Paragraph>
            当前状态：{INSTRUCTION_STATUS[dialog.record.status as InstructionStatus]}。撤销后不能恢复。
          </Typography.Paragraph>
          <Form form={revokeForm} layout="vertical" name="revoke" onFinish={({ reason }) => void revoke(dialog.record, reason.trim())}>
            <Form.Item name="reason" label="撤销原因" rules={[{ required: true, whitespace: true, message: '请输入撤销原因' }]}>
              <Input.TextArea rows={3} maxLength={200} showCount />
            </Form.Item>
          </Form>
        </Modal>
      )}
      <InstructionDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </Card>
  );
}

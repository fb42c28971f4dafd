import { useQuery } from '@tanstack/react-query';
import { TEMPLATE_LOCKABLE, instructionsApi, type InstructionRecord, type TemplateRecord } from '@portal/shared';
import { Alert, Button, Form, Modal, Typography } from 'antd';
import { FormBuilder, type FormValues } from '../../../components/form-builder';
import { useStandards } from '../../../lib/dictionary';
import { AttachmentChooser } from './attachment-chooser';
import { sourceOf, templateVersionQuery } from '../api/templates';
import { initialValuesOf, lockedBy, useEntryFacts, useInstructionFields } from './instruction-form-fields';
import { useInstructionAttachments } from './use-instruction-attachments';
import { useInstructionSave } from './use-instruction-save';

const STANDARDS = [{ code: 'instructionType' }];

interface InstructionFormDialogProps {
  /** Edits this draft or refused instruction; without it a new one is entered. */
  record?: InstructionRecord;
  /** 从模板新建: a new instruction pre-filled from this effective template, its locked fields disabled. */
  template?: TemplateRecord;
  onClose: () => void;
}

/**
 * 新增 / 修改指令: the entry form, saved as a draft or submitted for review (see useInstructionSave);
 * should a step fail, the dialog stays with what is done.
 */
export function InstructionFormDialog({ record, template, onClose }: InstructionFormDialogProps) {
  const [form] = Form.useForm<FormValues>();
  const { data: dictionary } = useStandards(STANDARDS);
  const facts = useEntryFacts(form, record === undefined);
  // An instruction made from a template keeps that version's locks at every edit.
  const stored = useQuery({ ...templateVersionQuery(record?.templateId ?? 0, record?.templateRevision ?? 0), enabled: record?.templateId != null }).data;
  const source = template ? sourceOf(template) : (stored ?? undefined);
  const fields = lockedBy(useInstructionFields(facts, record), source?.locked);
  const attachments = useInstructionAttachments(record);
  const { save, send, busy, sendsSubmit, saved } = useInstructionSave({ record, form, facts, attachments, template: template && source, onSaved: onClose });

  return (
    <Modal
      open
      title={record ? `修改指令 ${record.instructionNo}` : template ? '从模板新建指令' : '新增指令'}
      width={880}
      mask={{ closable: false }}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="draft" loading={busy && !sendsSubmit} disabled={busy} onClick={() => send(false)}>
          保存草稿
        </Button>,
        <Button key="submit" type="primary" loading={busy && sendsSubmit} disabled={busy} onClick={() => send(true)}>
          提交
        </Button>,
      ]}
    >
      {record?.refuseReason && <Typography.Paragraph type="danger">退回原因：{record.refuseReason}</Typography.Paragraph>}
      {source && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`来自指令模板“${source.name}”（第${source.revision}版）${source.locked.length > 0 ? `：${source.locked.map((f) => TEMPLATE_LOCKABLE[f]).join('、')}已锁定，不能修改` : ''}`}
        />
      )}
      {saved && !record && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`已保存为草稿 ${saved.instructionNo}，附件或提交未完成：修改后可再次保存或提交`} />}
      <FormBuilder name="instruction" form={form} fields={fields} dictionary={dictionary} initialValues={initialValuesOf(record, template)} actions={false} onSubmit={save} />
      <Form.Item label="附件" labelCol={{ flex: '120px' }} extra={`pdf、jpg、png 格式，单个不超过5MB，最多${instructionsApi.ATTACHMENT_MAX}个`}>
        <AttachmentChooser items={attachments.items} onChange={attachments.choose} disabled={busy || !attachments.loaded} />
      </Form.Item>
    </Modal>
  );
}

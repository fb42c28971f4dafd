import { useQuery } from '@tanstack/react-query';
import { CODE_TABLES, TEMPLATE_LOCKABLE, accountLabel, formatAccountNo, templatesApi, type TemplateField, type TemplateRecord } from '@portal/shared';
import { Checkbox, Form, Input, Modal, Select, Typography } from 'antd';
import { useMessage } from '../../../lib/countdown-message';
import { schemaRule } from '../../../lib/schema-rule';
import { usablePayeesQuery } from '../api/template-options';
import { templateAccountsQuery, useAddTemplate, useUpdateTemplate, type TemplateInput } from '../api/templates';

const fields = templatesApi.templateFields;
const TYPES = Object.entries(CODE_TABLES.instructionType).map(([value, label]) => ({ value, label }));
const LOCKABLE = Object.entries(TEMPLATE_LOCKABLE).map(([value, label]) => ({ value: value as TemplateField, label }));

interface TemplateFormDialogProps {
  /** Proposes an edit of this template (or a refused one anew); without it a new template is added. */
  record?: TemplateRecord;
  onClose: () => void;
}

/** 新增 / 修改指令模板: what the maker proposes goes to review; the payee comes from the effective payee book. */
export function TemplateFormDialog({ record, onClose }: TemplateFormDialogProps) {
  const [form] = Form.useForm<TemplateInput>();
  const message = useMessage();
  const adding = useAddTemplate();
  const updating = useUpdateTemplate();
  const accounts = useQuery(templateAccountsQuery).data;
  const payees = useQuery(usablePayeesQuery).data;
  const busy = adding.isPending || updating.isPending;

  const save = async (values: TemplateInput) => {
    try {
      if (record) await updating.mutateAsync({ id: record.id, version: record.version, ...values });
      else await adding.mutateAsync(values);
      message.success(record?.status === '20' ? '修改已提交复核，复核通过前仍使用原模板' : '指令模板已提交复核');
      onClose();
    } catch {
      // Shown by the HTTP client.
    }
  };

  const initial: Partial<TemplateInput> = record
    ? { name: record.name, type: record.type, payerAccountNo: record.payerAccountNo, payeeId: record.payeeId, purpose: record.purpose, locked: record.locked }
    : { type: '01', locked: ['type', 'payerAccountNo', 'payee'] };

  return (
    <Modal
      open
      title={record ? `修改指令模板 ${record.name}` : '新增指令模板'}
      width={680}
      okText="提交复核"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {record?.refuseReason && <Typography.Paragraph type="danger">拒绝原因：{record.refuseReason}</Typography.Paragraph>}
      <Form<TemplateInput> form={form} name="template" layout="horizontal" labelCol={{ flex: '110px' }} labelWrap initialValues={initial} onFinish={(values) => void save(values)}>
        <Form.Item name="name" label="模板名称" required rules={[schemaRule(fields.name)]}>
          <Input maxLength={templatesApi.TEMPLATE_NAME_MAX} />
        </Form.Item>
        <Form.Item name="type" label="指令类型" required rules={[{ required: true, message: '请选择指令类型' }]}>
          <Select options={TYPES} />
        </Form.Item>
        <Form.Item name="payerAccountNo" label="付款账户" required rules={[{ required: true, message: '请选择付款账户' }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={accounts?.length === 0 ? '暂无可用的网银账户' : '请选择'}
            options={(accounts ?? []).map((a) => ({ value: a.accountNo, label: accountLabel(a.accountNo, a.alias || a.accountName) }))}
          />
        </Form.Item>
        <Form.Item name="payeeId" label="收款人" required rules={[{ required: true, message: '请选择收款人' }]} extra="从已生效的收款人名册中选择">
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={payees?.length === 0 ? '收款人名册中暂无已生效的收款人' : '按名称或账号搜索'}
            options={(payees ?? []).map((p) => ({ value: p.id, label: `${p.name} ${formatAccountNo(p.accountNo)}` }))}
          />
        </Form.Item>
        <Form.Item name="purpose" label="用途" required rules={[schemaRule(fields.purpose)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="locked" label="锁定字段" extra="锁定的字段在从模板新建的指令中不能修改；金额、起息日与备注每次录入">
          <Checkbox.Group options={LOCKABLE} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

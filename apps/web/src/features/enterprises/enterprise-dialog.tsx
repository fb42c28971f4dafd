import { enterprisesApi, type Enterprise } from '@portal/shared';
import { Divider, Form, Input, Modal, Select } from 'antd';
import { schemaRule } from '../../lib/schema-rule';
import { useAddEnterprise, type EnterpriseAddInput } from './api/add-enterprise';
import { useUpdateEnterprise } from './api/update-enterprise';
import { ENTERPRISE_TYPE_OPTIONS } from './enterprise-types';

const add = enterprisesApi.enterpriseAddSchema.shape;

export type EnterpriseAdded = Awaited<ReturnType<ReturnType<typeof useAddEnterprise>['mutateAsync']>>;

interface EnterpriseDialogProps {
  /** The enterprise to edit; none to add one with its first administrator. */
  editing?: Enterprise;
  onClose: () => void;
  onAdded: (added: EnterpriseAdded, input: EnterpriseAddInput) => void;
  onUpdated: () => void;
}

/** 新增企业 (with the first administrator) and 修改企业, fields checked by the contract's own rules. */
export function EnterpriseDialog({ editing, onClose, onAdded, onUpdated }: EnterpriseDialogProps) {
  const [form] = Form.useForm<EnterpriseAddInput>();
  const adding = useAddEnterprise();
  const updating = useUpdateEnterprise();

  const finish = async (values: EnterpriseAddInput) => {
    try {
      if (editing) {
        await updating.mutateAsync({ enterpriseNo: editing.enterpriseNo, enterpriseName: values.enterpriseName, enterpriseType: values.enterpriseType });
        onUpdated();
      } else {
        onAdded(await adding.mutateAsync(values), values);
      }
    } catch {
      // The HTTP client has shown the server's refusal; the dialog stays open to correct it.
    }
  };

  return (
    <Modal
      open
      title={editing ? '修改企业' : '新增企业'}
      okText="确定"
      cancelText="取消"
      maskClosable={false}
      confirmLoading={adding.isPending || updating.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<EnterpriseAddInput>
        form={form}
        layout="vertical"
        name="enterprise"
        initialValues={editing && { enterpriseNo: editing.enterpriseNo, enterpriseName: editing.enterpriseName, enterpriseType: editing.enterpriseType }}
        onFinish={(values) => void finish(values)}
      >
        <Form.Item name="enterpriseNo" label="企业编号" required rules={[schemaRule(add.enterpriseNo)]}>
          <Input placeholder="10位数字" maxLength={10} disabled={Boolean(editing)} />
        </Form.Item>
        <Form.Item name="enterpriseName" label="企业名称" required rules={[schemaRule(add.enterpriseName)]}>
          <Input placeholder="请输入企业名称" maxLength={100} />
        </Form.Item>
        <Form.Item name="enterpriseType" label="企业类型" required rules={[schemaRule(add.enterpriseType)]}>
          <Select placeholder="请选择企业类型" options={ENTERPRISE_TYPE_OPTIONS} />
        </Form.Item>
        {!editing && (
          <>
            <Divider titlePlacement="start" plain>
              首个管理员
            </Divider>
            <Form.Item name="adminUsername" label="管理员用户名" required rules={[schemaRule(add.adminUsername)]}>
              <Input placeholder="以字母开头，3到32位" maxLength={32} autoComplete="off" />
            </Form.Item>
            <Form.Item name="adminNickName" label="管理员姓名" required rules={[schemaRule(add.adminNickName)]}>
              <Input placeholder="请输入管理员姓名" maxLength={32} />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}

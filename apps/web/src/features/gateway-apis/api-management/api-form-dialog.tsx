import { LockOutlined } from '@ant-design/icons';
import { App, Col, Form, Input, InputNumber, Modal, Row, Switch } from 'antd';
import { gatewayApi, type ApiDefinition, type ApiFields, type FlagField } from '@portal/shared';
import { schemaRule } from '../../../lib/schema-rule';
import { useApiAdd } from '../api/api-add';
import { useApiUpdate } from '../api/api-update';
import { FLAG_LABELS } from './flags';

const fields = gatewayApi.apiFieldsSchema.shape;

/** A new definition: enabled, authenticated, closed to partners, plain, no anti-replay. */
const NEW_API: ApiFields = {
  apiCode: '',
  apiName: '',
  apiCategory: '',
  serviceId: '',
  path: '',
  status: 1,
  priority: 0,
  apiDesc: '',
  isAuth: 1,
  isOpen: 0,
  isEncrypt: 0,
  isAra: 0,
};

const FORM_FLAGS: readonly FlagField[] = ['status', 'isAuth', 'isOpen', 'isEncrypt', 'isAra'];

const fieldsOf = (row: ApiDefinition): ApiFields => {
  const { apiCode, apiName, apiCategory, serviceId, path, priority, apiDesc } = row;
  const flag = (value: number) => (value === 1 ? 1 : 0);
  return {
    apiCode,
    apiName,
    apiCategory,
    serviceId,
    path,
    priority,
    apiDesc,
    status: flag(row.status),
    isAuth: flag(row.isAuth),
    isOpen: flag(row.isOpen),
    isEncrypt: flag(row.isEncrypt),
    isAra: flag(row.isAra),
  };
};

const LockNote = ({ text }: { text: string }) => (
  <span>
    <LockOutlined /> {text}
  </span>
);

interface ApiFormDialogProps {
  /** The definition to edit; null adds one. */
  editing: ApiDefinition | null;
  onClose: () => void;
}

/**
 * 新增 / 修改 a definition. The rules are the contract's own fields, so the dialog refuses what
 * the server would. An operation of this server keeps its path and service, and its locked
 * settings show disabled with the reason.
 */
export function ApiFormDialog({ editing, onClose }: ApiFormDialogProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ApiFields>();
  const add = useApiAdd();
  const update = useApiUpdate();
  const ownRoute = Boolean(editing?.contractId);
  const routeNote = ownRoute ? <LockNote text="本服务的接口，路径与服务标识随接口契约，不可修改" /> : undefined;

  const save = async (values: ApiFields) => {
    try {
      if (editing) await update.mutateAsync({ ...values, apiId: editing.apiId });
      else await add.mutateAsync(values);
    } catch {
      return; // the HTTP client has shown the server's message; the clerk may correct and retry
    }
    void message.success(editing ? '修改成功' : '新增成功');
    onClose();
  };

  return (
    <Modal
      open
      title={editing ? `修改接口 ${editing.apiCode}` : '新增接口'}
      width={720}
      okText="保存"
      cancelText="取消"
      confirmLoading={add.isPending || update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      maskClosable={false}
    >
      <Form<ApiFields> form={form} name="apiDefinition" layout="vertical" initialValues={editing ? fieldsOf(editing) : NEW_API} onFinish={(values) => void save(values)}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="apiCode" label="接口编码" required rules={[schemaRule(fields.apiCode)]}>
              <Input placeholder="字母、数字和下划线，如 EXT_QUOTE" maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="apiName" label="接口名称" required rules={[schemaRule(fields.apiName)]}>
              <Input placeholder="请输入接口名称" maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="path" label="接口路径" required rules={[schemaRule(fields.path)]} extra={routeNote}>
              <Input placeholder="如 /ext/partner/quote" disabled={ownRoute} maxLength={200} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="serviceId" label="服务标识" required rules={[schemaRule(fields.serviceId)]}>
              <Input placeholder="如 partner-quote" disabled={ownRoute} maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="apiCategory" label="接口分类" rules={[schemaRule(fields.apiCategory)]}>
              <Input placeholder="请输入接口分类" maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="priority" label="优先级" required rules={[schemaRule(fields.priority)]}>
              <InputNumber min={0} max={99_999} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="apiDesc" label="接口描述" rules={[schemaRule(fields.apiDesc)]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          {FORM_FLAGS.map((field) => {
            const reason = editing?.locks[field];
            return (
              <Col span={reason ? 12 : 6} key={field}>
                <Form.Item
                  name={field}
                  label={FLAG_LABELS[field].title}
                  valuePropName="checked"
                  getValueProps={(value: unknown) => ({ checked: value === 1 })}
                  normalize={(checked: boolean) => (checked ? 1 : 0)}
                  extra={reason && <LockNote text={reason} />}
                >
                  <Switch checkedChildren={FLAG_LABELS[field].on} unCheckedChildren={FLAG_LABELS[field].off} disabled={Boolean(reason)} />
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      </Form>
    </Modal>
  );
}

import { LockOutlined } from '@ant-design/icons';
import { Form, Modal } from 'antd';
import { gatewayApi, isHeld, type ApiDefinition, type ApiFields, type FlagField } from '@portal/shared';
import { contractFields, FormBuilder, type FormField } from '../../../components/form-builder';
import { useApiAdd } from '../api/api-add';
import { useApiUpdate } from '../api/api-update';
import { FLAG_LABELS } from './flags';
import { useMessage } from '../../../lib/countdown-message';

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

/** The dialog's fields from the contract; an own route keeps its path and service, locked flags show why. */
function dialogFields(editing: ApiDefinition | null): FormField[] {
  const ownRoute = Boolean(editing?.contractId);
  const routeNote = ownRoute ? <LockNote text="本服务的接口，路径与服务标识随接口契约，不可修改" /> : undefined;
  return contractFields(gatewayApi.apiFieldsSchema.shape, [
    { name: 'apiCode', type: 'text', label: '接口编码', placeholder: '字母、数字和下划线，如 EXT_QUOTE', maxLength: 64 },
    { name: 'apiName', type: 'text', label: '接口名称', maxLength: 100 },
    { name: 'path', type: 'text', label: '接口路径', placeholder: '如 /ext/partner/quote', maxLength: 200, disabled: ownRoute, extra: routeNote },
    { name: 'serviceId', type: 'text', label: '服务标识', placeholder: '如 partner-quote', maxLength: 64, disabled: ownRoute },
    { name: 'apiCategory', type: 'text', label: '接口分类', maxLength: 50 },
    { name: 'priority', type: 'number', label: '优先级', min: 0, max: 99_999, precision: 0 },
    { name: 'apiDesc', type: 'textarea', label: '接口描述', maxLength: 500 },
    ...FORM_FLAGS.map((name) => {
      const reason = editing?.locks[name];
      const { title, on, off } = FLAG_LABELS[name];
      return { name, type: 'switch', label: title, switchText: [on, off], disabled: Boolean(reason), extra: reason && <LockNote text={reason} />, span: reason ? 12 : 6 } as const;
    }),
  ]);
}

/**
 * 新增 / 修改 a definition, built by the FormBuilder from the contract's fields, so the dialog
 * refuses what the server would.
 */
export function ApiFormDialog({ editing, onClose }: ApiFormDialogProps) {
  const message = useMessage();
  const [form] = Form.useForm<ApiFields>();
  const add = useApiAdd();
  const update = useApiUpdate();

  const save = async (values: ApiFields) => {
    let done;
    try {
      done = editing ? await update.mutateAsync({ ...values, apiId: editing.apiId }) : await add.mutateAsync(values);
    } catch {
      return; // the HTTP client has shown the server's message; the clerk may correct and retry
    }
    // A change that loosens the call waits for a second staff member.
    if (isHeld(done)) message.info(`${done.message}（系统管理 › 待审批变更）`);
    else message.success(editing ? '修改成功' : '新增成功');
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
      <FormBuilder
        form={form}
        name="apiDefinition"
        layout="vertical"
        actions={false}
        fields={dialogFields(editing)}
        initialValues={editing ? fieldsOf(editing) : NEW_API}
        onSubmit={(values) => save(values as ApiFields)}
      />
    </Modal>
  );
}

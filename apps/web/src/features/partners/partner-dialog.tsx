import { useMutation, useQuery } from '@tanstack/react-query';
import { partnersApi, type PartnerClient } from '@portal/shared';
import { Form, Input, Modal, Select, type FormInstance } from 'antd';
import { useMessage } from '../../lib/countdown-message';
import { schemaRule } from '../../lib/schema-rule';
import { enterprisesQuery, openApisQuery, seatsQuery, useAddPartner, useUpdatePartner } from './api/partners';
import { useSecretNotice } from './use-secret-notice';

const addSchema = partnersApi.partnerAdd.request;

export interface PartnerFormValues {
  clientName: string;
  enterpriseNo: string;
  apiCodes: string[];
  userNo: string | null;
}

interface PartnerDialogProps {
  /** The partner being changed, 'new' for one to add, null while closed. */
  editing: PartnerClient | 'new' | null;
  /** Filled by the opener (the partner's values, or none for a new one). */
  form: FormInstance<PartnerFormValues>;
  onClose: () => void;
}

/** 新增合作方 (its secret shown once) or 修改合作方 (its name and the operations it may call; its enterprise stays). */
export function PartnerDialog({ editing, form, onClose }: PartnerDialogProps) {
  const message = useMessage();
  const showSecret = useSecretNotice();
  const enterprises = useQuery({ ...enterprisesQuery, enabled: editing !== null });
  const openApis = useQuery({ ...openApisQuery, enabled: editing !== null });
  const enterpriseNo = Form.useWatch('enterpriseNo', form);
  const seats = useQuery({ ...seatsQuery(enterpriseNo), enabled: editing !== null && Boolean(enterpriseNo) });
  const add = useAddPartner();
  const update = useUpdatePartner();

  const save = useMutation({
    mutationFn: async (values: PartnerFormValues) => {
      if (editing === 'new') {
        const created = await add.mutateAsync(values);
        showSecret('合作方已创建', created.clientId, created.clientSecret);
      } else if (editing) {
        await update.mutateAsync({ clientId: editing.clientId, clientName: values.clientName, apiCodes: values.apiCodes, userNo: values.userNo });
        message.success('修改成功');
      }
    },
    onSuccess: onClose,
  });

  return (
    <Modal
      title={editing === 'new' ? '新增合作方' : '修改合作方'}
      open={editing !== null}
      okText="保存"
      cancelText="取消"
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values))}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="clientName" label="合作方名称" rules={[schemaRule(addSchema.shape.clientName)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="enterpriseNo" label="所属企业" rules={[schemaRule(addSchema.shape.enterpriseNo)]}>
          <Select
            disabled={editing !== 'new'}
            showSearch={{ optionFilterProp: 'label' }}
            loading={enterprises.isFetching}
            options={(enterprises.data ?? []).filter((e) => e.enterpriseType !== 'bank').map((e) => ({ value: e.enterpriseNo, label: `${e.enterpriseName}（${e.enterpriseNo}）` }))}
          />
        </Form.Item>
        <Form.Item
          name="userNo"
          label="代理用户号"
          initialValue={null}
          extra="合作方以该用户号的权限与账户权限调用接口；未指定时不能调用业务接口"
          rules={[schemaRule(addSchema.shape.userNo)]}
        >
          <Select
            allowClear
            placeholder="请选择所属企业的用户号"
            loading={seats.isFetching}
            showSearch={{ optionFilterProp: 'label' }}
            options={(seats.data ?? []).map((s) => ({ value: s.userNo, label: `${s.userName}（${s.userNo}）` }))}
          />
        </Form.Item>
        <Form.Item name="apiCodes" label="可调用接口（已开放给合作方的接口）" initialValue={[]} rules={[schemaRule(addSchema.shape.apiCodes)]}>
          <Select
            mode="multiple"
            loading={openApis.isFetching}
            notFoundContent="暂无开放给合作方的接口，请先在 API管理 中开放"
            options={(openApis.data ?? []).map((a) => ({ value: a.apiCode, label: `${a.apiName}（${a.apiCode}）` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { CODE_TABLES, noticesApi } from '@portal/shared';
import { useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Skeleton } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { InstitutionPicker } from '../../../components/transfer';
import { beforeBeijingToday } from '../../../lib/beijing-day';
import { schemaRule } from '../../../lib/schema-rule';
import { enterprisesQuery, staffDetailQuery, useAddNotice, usePublishNotice, useUpdateNotice } from '../api/notices';
import { RichTextEditor } from './rich-text-editor';
import { useMessage } from '../../../lib/countdown-message';

interface Values {
  title: string;
  level: string;
  audience: 'all' | 'chosen';
  enterpriseNos: string[];
  expireAt: Dayjs;
  body: string;
}

const fields = noticesApi.noticeFields;
const AUDIENCE_TITLES = ['可选客户企业', '已选客户企业'] as const;

/** A new notice (id null) or a draft being edited: saved as a draft, or saved and published at once. */
export function NoticeEditDialog({ id, open, onClose }: { id: number | null; open: boolean; onClose: () => void }) {
  const { modal } = App.useApp();
  const message = useMessage();
  const [form] = Form.useForm<Values>();
  const audience = Form.useWatch('audience', form);
  const enterprises = useQuery({ ...enterprisesQuery, enabled: open });
  const draft = useQuery({ ...staffDetailQuery(id ?? 0), enabled: open && id !== null });
  const add = useAddNotice();
  const update = useUpdateNotice();
  const publish = usePublishNotice();
  const busy = add.isPending || update.isPending || publish.isPending;

  useEffect(() => {
    if (!open) return;
    const d = draft.data;
    if (id === null) form.setFieldsValue({ title: '', level: '1', audience: 'all', enterpriseNos: [], expireAt: dayjs().add(30, 'day').endOf('day'), body: '' });
    else if (d) form.setFieldsValue({ title: d.title, level: d.level, audience: d.audience, enterpriseNos: d.enterprises.map((e) => e.enterpriseNo), expireAt: dayjs(d.expireAt), body: d.body });
  }, [open, id, draft.data, form]);

  const save = async (andPublish: boolean) => {
    const v = await form.validateFields();
    const input = { title: v.title, level: v.level, audience: v.audience, enterpriseNos: v.audience === 'chosen' ? v.enterpriseNos : [], expireAt: v.expireAt.toISOString(), body: v.body };
    const doSave = async () => {
      try {
        const saved = id === null ? await add.mutateAsync(input) : await update.mutateAsync({ ...input, id, version: draft.data!.version });
        if (andPublish) await publish.mutateAsync(saved.id);
        message.success(andPublish ? '风险提示已发布' : '草稿已保存');
        onClose();
      } catch {
        // The HTTP client has shown the refusal; the dialog keeps what was typed.
      }
    };
    if (!andPublish) return doSave();
    modal.confirm({
      title: '发布风险提示',
      content: `发布后${v.audience === 'all' ? '所有客户' : `所选 ${v.enterpriseNos.length} 家企业`}即可看到${v.level === noticesApi.URGENT_LEVEL ? '，紧急提示将立即弹窗提醒在线用户' : ''}，确定发布吗？`,
      onOk: doSave,
    });
  };

  return (
    <Modal
      open={open}
      title={id === null ? '新增风险提示' : '修改风险提示'}
      width={880}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="draft" loading={busy} onClick={() => void save(false)}>
          保存草稿
        </Button>,
        <Button key="publish" type="primary" loading={busy} onClick={() => void save(true)}>
          保存并发布
        </Button>,
      ]}
    >
      {id !== null && !draft.data ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="vertical" name="notice" preserve={false}>
          <Form.Item name="title" label="标题" required rules={[schemaRule(fields.title)]}>
            <Input maxLength={noticesApi.NOTICE_TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item name="level" label="提示级别" required>
            <Radio.Group options={Object.entries(CODE_TABLES.riskLevel).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="expireAt" label="有效期至" required rules={[{ required: true, message: '请选择失效时间' }]}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" disabledDate={(d) => beforeBeijingToday(d)} style={{ width: 240 }} />
          </Form.Item>
          <Form.Item name="audience" label="发布范围" required>
            <Radio.Group options={[{ value: 'all', label: '全部客户' }, { value: 'chosen', label: '指定企业' }]} />
          </Form.Item>
          {audience === 'chosen' && (
            <Form.Item
              name="enterpriseNos"
              label="发布对象企业"
              required
              rules={[{ validator: async (_r, v: string[] | undefined) => { if (!v || v.length === 0) throw new Error('请选择发布对象企业'); } }]}
              valuePropName="value"
            >
              <AudiencePicker institutions={enterprises.data ?? []} />
            </Form.Item>
          )}
          <Form.Item name="body" label="正文" required rules={[schemaRule(fields.body)]}>
            <RichTextEditor label="正文" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The InstitutionPicker as a form control over customer enterprises. */
function AudiencePicker({ institutions, value = [], onChange }: { institutions: { enterpriseNo: string; enterpriseName: string }[]; value?: string[]; onChange?: (v: string[]) => void }) {
  return <InstitutionPicker institutions={institutions} value={value} onChange={(v) => onChange?.(v)} titles={AUDIENCE_TITLES} listHeight={240} />;
}


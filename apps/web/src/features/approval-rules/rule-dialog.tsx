import { APPROVALS_MAX, BANDS_MAX, CODE_TABLES, approvalRulesApi, isHeld, type ApprovalRule, type ApprovalRuleSave } from '@portal/shared';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Select, Space, Switch, Typography } from 'antd';
import { AmountInput } from '../../components/amount-input';
import { useMessage } from '../../lib/countdown-message';
import { announceChange } from '../../lib/held-change';
import { useSaveApprovalRule } from './api/approval-rules';

type Choices = { reviewers: { userNo: string; name: string }[]; accounts: { accountNo: string; accountName: string }[] };
type FormValues = { instructionType: string; payerAccountNo: string; active: boolean; bands: { upTo?: string; reviewers: number }[]; limits: { userNo: string; limit: string }[] };

const TYPE_OPTIONS = [{ value: '', label: '全部类型' }, ...Object.entries(CODE_TABLES.instructionType).map(([value, label]) => ({ value, label }))];
const NEW_RULE: FormValues = { instructionType: '', payerAccountNo: '', active: true, bands: [{ upTo: '1000000.00', reviewers: 1 }, { reviewers: 2 }], limits: [] };

/**
 * A new version of one scope's rule: its bands (each up to its bound, the last open) and the
 * limits of named reviewers. The server checks the whole rule (approvalRuleSaveSchema) and names
 * what is wrong; the form only shapes it.
 */
export function RuleDialog({ rule, open, choices, onClose }: { rule: ApprovalRule | null; open: boolean; choices: Choices; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const message = useMessage();
  const save = useSaveApprovalRule();
  const initial: FormValues = rule
    ? { instructionType: rule.instructionType, payerAccountNo: rule.payerAccountNo, active: rule.active, bands: rule.bands.map((b) => ({ upTo: b.upTo ?? undefined, reviewers: b.reviewers })), limits: rule.limits.map(({ userNo, limit }) => ({ userNo, limit })) }
    : NEW_RULE;

  const submit = async () => {
    const values = await form.validateFields();
    const input: ApprovalRuleSave = {
      ...values,
      bands: values.bands.map((b, i) => ({ upTo: i === values.bands.length - 1 ? null : (b.upTo ?? ''), reviewers: b.reviewers })),
      limits: values.limits ?? [],
    };
    const parsed = approvalRulesApi.approvalRuleSaveSchema.safeParse(input);
    if (!parsed.success) {
      message.error(parsed.error.issues[0]!.message);
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      // Held for a second administrator (待审批变更) unless the enterprise is waived.
      announceChange(message, saved, isHeld(saved) ? '' : `已保存为第${saved.version}版，此后提交的指令按新版本复核`);
      onClose();
    } catch {
      // The HTTP client has shown the refusal.
    }
  };

  return (
    <Modal open={open} title={rule ? '修改审批规则' : '新增审批规则'} okText="保存" width={640} confirmLoading={save.isPending} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" name="approvalRule" initialValues={initial}>
        <Space wrap size="large">
          <Form.Item name="instructionType" label="指令类型">
            <Select options={TYPE_OPTIONS} style={{ width: 160 }} disabled={rule !== null} />
          </Form.Item>
          <Form.Item name="payerAccountNo" label="付款账户">
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              style={{ width: 300 }}
              disabled={rule !== null}
              options={[{ value: '', label: '全部账户' }, ...choices.accounts.map((a) => ({ value: a.accountNo, label: `${a.accountName} ${a.accountNo}` }))]}
            />
          </Form.Item>
          <Form.Item name="active" label="启用" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Typography.Title level={5}>金额区间与复核人数</Typography.Title>
        <Typography.Paragraph type="secondary">每个区间适用于金额大于上一区间上限、且不超过本区间上限的指令；最后一个区间不设上限。</Typography.Paragraph>
        <Form.List name="bands">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Space key={field.key} align="baseline" wrap>
                  {i === fields.length - 1 ? (
                    <Typography.Text style={{ display: 'inline-block', width: 220 }}>{fields.length === 1 ? '任意金额' : '以上金额（不设上限）'}</Typography.Text>
                  ) : (
                    <Form.Item name={[field.name, 'upTo']} rules={[{ required: true, message: '请输入区间上限' }]}>
                      <AmountInput aria-label={`第${i + 1}区间上限`} prefix="≤" style={{ width: 220 }} />
                    </Form.Item>
                  )}
                  <Form.Item name={[field.name, 'reviewers']} rules={[{ required: true, message: '请选择复核人数' }]}>
                    <Select aria-label={`第${i + 1}区间复核人数`} style={{ width: 120 }} options={Array.from({ length: APPROVALS_MAX }, (_, n) => ({ value: n + 1, label: `${n + 1}人复核` }))} />
                  </Form.Item>
                  {fields.length > 1 && <MinusCircleOutlined aria-label={`删除第${i + 1}区间`} onClick={() => remove(field.name)} />}
                </Space>
              ))}
              {fields.length < BANDS_MAX && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ reviewers: 1 }, Math.max(fields.length - 1, 0))}>
                  增加区间
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Typography.Title level={5} style={{ marginTop: 24 }}>
          复核员限额
        </Typography.Title>
        <Typography.Paragraph type="secondary">复核员不能通过金额超过其限额的指令，指令留待限额足够的复核员复核；未设置限额的复核员不受限。</Typography.Paragraph>
        <LimitFields reviewers={choices.reviewers} />
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16 }}>
        保存即生成新版本；已提交的指令仍按提交时的版本复核。
      </Typography.Paragraph>
    </Modal>
  );
}


/** The limits of named reviewers: each one's seat and the most he may pass. */
function LimitFields({ reviewers }: { reviewers: Choices['reviewers'] }) {
  return (
    <Form.List name="limits">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, i) => (
            <Space key={field.key} align="baseline" wrap>
              <Form.Item name={[field.name, 'userNo']} rules={[{ required: true, message: '请选择复核员' }]}>
                <Select aria-label={`第${i + 1}位复核员`} style={{ width: 220 }} options={reviewers.map((r) => ({ value: r.userNo, label: `${r.name}（${r.userNo}）` }))} />
              </Form.Item>
              <Form.Item name={[field.name, 'limit']} rules={[{ required: true, message: '请输入限额' }]}>
                <AmountInput aria-label={`第${i + 1}位复核员限额`} prefix="≤" style={{ width: 220 }} />
              </Form.Item>
              <MinusCircleOutlined aria-label={`删除第${i + 1}位复核员限额`} onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
            增加复核员限额
          </Button>
        </>
      )}
    </Form.List>
  );
}

import { accountsApi } from '@portal/shared';
import { Col, Form, Input, Row } from 'antd';
import { AmountInput } from '../../components/amount-input';
import { schemaRule } from '../../lib/schema-rule';

/** Alias and limits as the form holds them: text, '' for none. */
export interface LimitValues {
  alias: string;
  singleLimit: string;
  dailyLimit: string;
}

const orderRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_: unknown, single: unknown) => {
    const daily = getFieldValue('dailyLimit');
    // Only two well-formed amounts can be compared; a malformed one has its own message.
    const valid = (v: unknown) => typeof v === 'string' && v !== '' && accountsApi.limitSchema.safeParse(v).success;
    if (valid(single) && valid(daily) && !accountsApi.limitsInOrder(single as string, daily as string)) throw new Error(accountsApi.LIMIT_ORDER_MESSAGE);
  },
});

/** 账户别名, 单笔限额 and 日累计限额 (spec §5 amounts; single ≤ daily), as the add and edit forms share them. */
export function LimitFields() {
  return (
    <>
      <Form.Item name="alias" label="账户别名" rules={[schemaRule(accountsApi.aliasSchema)]}>
        <Input placeholder="选填，便于识别账户" maxLength={accountsApi.ALIAS_MAX} allowClear />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <Form.Item name="singleLimit" label="单笔限额" dependencies={['dailyLimit']} rules={[schemaRule(accountsApi.limitSchema), orderRule]} extra="不填表示不限额">
            <AmountInput placeholder="如 1000000.00" />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="dailyLimit" label="日累计限额" rules={[schemaRule(accountsApi.limitSchema)]} extra="不填表示不限额">
            <AmountInput placeholder="如 5000000.00" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** Form values as the contract takes them: trimmed, an empty limit is null (no limit). */
export const limitInput = (values: Partial<LimitValues>) => ({
  alias: (values.alias ?? '').trim(),
  singleLimit: (values.singleLimit ?? '').trim() || null,
  dailyLimit: (values.dailyLimit ?? '').trim() || null,
});

import { Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { FormBuilder, type FormField, type FormValues } from '../../components/form-builder';
import { useStandards } from '../../lib/dictionary';
import { GALLERY_STANDARDS } from './gallery-standards';
import styles from './component-gallery.module.css';
import { useMessage } from '../../lib/countdown-message';

/** A custody account registration form: every field type, labels and rules from the dictionary. */
const ACCOUNT_FORM: FormField[] = [
  { name: 'accountNo', type: 'text', dict: 'accountNo', required: true, masked: true },
  { name: 'accountName', type: 'text', dict: 'accountName', required: true },
  { name: 'currency', type: 'select', dict: 'currency', required: true },
  { name: 'cardType', type: 'select', dict: 'cardType', label: '账户类型', required: true },
  { name: 'initialAmount', type: 'amount', dict: 'amount', label: '初始金额', required: true },
  { name: 'termDays', type: 'number', label: '存款期限（天）', min: 1, max: 3650, precision: 0 },
  { name: 'contactMobile', type: 'text', dict: 'mobile', label: '联系人手机', required: true, masked: true },
  { name: 'openDate', type: 'date', dict: 'tradeDate', label: '开户日期', required: true },
  { name: 'validPeriod', type: 'dateRange', dict: 'settleDate', label: '托管期间' },
  { name: 'channels', type: 'checkbox', dict: 'channel', label: '开通渠道', required: true },
  { name: 'reinvestType', type: 'radio', dict: 'reinvestType', required: true },
  { name: 'autoRenew', type: 'switch', label: '到期自动续存' },
  { name: 'isMainAccount', type: 'yesNo', label: '是否主账户', required: true },
  { name: 'remark', type: 'textarea', label: '备注' },
];

export function FormBuilderDemo() {
  const message = useMessage();
  const [submitted, setSubmitted] = useState<FormValues | null>(null);
  const { data: dictionary } = useStandards(GALLERY_STANDARDS);
  if (!dictionary) return <Skeleton active />;
  return (
    <>
      <FormBuilder
        name="accountRegistration"
        fields={ACCOUNT_FORM}
        dictionary={dictionary}
        initialValues={{ currency: 'CNY', reinvestType: '0', autoRenew: 1 }}
        onSubmit={(values) => {
          setSubmitted(values);
          message.success('账户信息已提交');
        }}
      />
      <Typography.Text type="secondary">提交的数据（已按规则整理：文本去除首尾空格、空数字为 null、开关为 1/0）</Typography.Text>
      <pre className={styles.submitted} aria-label="提交的数据">
        {submitted ? JSON.stringify(submitted, null, 2) : '尚未提交'}
      </pre>
    </>
  );
}

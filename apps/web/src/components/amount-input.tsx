import { normaliseAmountText } from '@portal/shared';
import { Input, type InputProps } from 'antd';

interface AmountInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * The one box amounts are typed or pasted into: what it hands the form is already plain
 * ('１２，３４５.６７' and '12,345.67' arrive as '12345.67'), so the amount rule judges, and the
 * server receives, exactly that.
 */
export function AmountInput({ value = '', onChange, ...rest }: AmountInputProps) {
  return <Input inputMode="decimal" allowClear {...rest} value={value} onChange={(event) => onChange?.(normaliseAmountText(event.target.value))} />;
}

import { Checkbox, DatePicker, Form, Input, InputNumber, Radio, Select, Switch, type FormItemProps } from 'antd';
import type { ReactNode } from 'react';
import { AmountInput } from '../amount-input';
import { dateFormat, entryFor, fieldLabel, maskValue, toSelectOptions } from './dictionary';
import { formatDateRange, formatDateValue, parseDate, parseDateRange } from './date-values';
import { fieldRules, validateTriggerFor } from './field-rules';
import { isSwitchOn, switchValue } from './normalise-values';
import { TextInput } from './text-input';
import type { Dictionary, DictionaryEntry, FormField } from './types';

/** Spec §9: yes/no radios send 1 and 0. */
const YES_NO_OPTIONS = [
  { label: '是', value: 1 },
  { label: '否', value: 0 },
];

interface Control {
  node: ReactNode;
  /** How the form item maps between the stored value and the control. */
  item?: Pick<FormItemProps, 'valuePropName' | 'getValueProps' | 'normalize'>;
}

function controlFor(field: FormField, entry: DictionaryEntry | undefined, label: string): Control {
  const { type, disabled, renderOption } = field;
  const typePrompt = `请输入${label}`;
  const choosePrompt = `请选择${label}`;
  switch (type) {
    case 'text':
      return {
        node: (
          <TextInput
            placeholder={field.placeholder ?? typePrompt}
            disabled={disabled}
            allowClear
            maxLength={field.maxLength}
            mask={field.masked ? (value) => maskValue(value, entry) : undefined}
          />
        ),
      };
    case 'amount':
      return { node: <AmountInput placeholder={field.placeholder ?? typePrompt} disabled={disabled} maxLength={field.maxLength} /> };
    case 'textarea':
      return { node: <Input.TextArea placeholder={field.placeholder ?? typePrompt} disabled={disabled} rows={3} maxLength={field.maxLength} /> };
    case 'number':
      return {
        node: (
          <InputNumber
            placeholder={field.placeholder ?? typePrompt}
            disabled={disabled}
            min={field.min}
            max={field.max}
            precision={field.precision}
            style={{ width: '100%' }}
          />
        ),
      };
    case 'select':
      return {
        node: (
          <Select
            placeholder={field.placeholder ?? choosePrompt}
            disabled={disabled}
            options={toSelectOptions(field.options ?? entry?.options)}
            optionRender={renderOption && ((option) => renderOption(option.value as string | number))}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
          />
        ),
      };
    case 'checkbox':
      return { node: <Checkbox.Group disabled={disabled} options={toSelectOptions(field.options ?? entry?.options)} /> };
    case 'radio':
      return { node: <Radio.Group disabled={disabled} options={toSelectOptions(field.options ?? entry?.options)} /> };
    case 'yesNo':
      return { node: <Radio.Group disabled={disabled} options={YES_NO_OPTIONS} /> };
    case 'switch': {
      const [on, off] = field.switchText ?? ['是', '否'];
      return {
        node: <Switch disabled={disabled} checkedChildren={on} unCheckedChildren={off} />,
        item: {
          valuePropName: 'checked',
          getValueProps: (value: unknown) => ({ checked: isSwitchOn(value) }),
          normalize: (checked: boolean) => switchValue(checked),
        },
      };
    }
    case 'date': {
      const format = dateFormat(entry);
      return {
        node: <DatePicker format={format} disabled={disabled} disabledDate={field.disabledDate} placeholder={field.placeholder ?? choosePrompt} style={{ width: '100%' }} />,
        item: {
          getValueProps: (value: unknown) => ({ value: parseDate(value, format) }),
          normalize: (value) => formatDateValue(value, format),
        },
      };
    }
    case 'dateRange': {
      const format = dateFormat(entry);
      return {
        node: <DatePicker.RangePicker format={format} disabled={disabled} style={{ width: '100%' }} />,
        item: {
          getValueProps: (value: unknown) => ({ value: parseDateRange(value, format) }),
          normalize: (value) => formatDateRange(value, format),
        },
      };
    }
  }
}

interface FormFieldItemProps {
  field: FormField;
  dictionary?: Dictionary;
}

/** One dictionary-driven field: label, control, rules and triggers, inside the enclosing antd Form. */
export function FormFieldItem({ field, dictionary }: FormFieldItemProps) {
  const entry = entryFor(dictionary, field);
  const label = fieldLabel(field, entry);
  const { node, item } = controlFor(field, entry, label);
  return (
    <Form.Item
      name={field.name}
      label={label}
      required={field.required}
      rules={fieldRules(field, entry, label)}
      validateTrigger={validateTriggerFor(field.type)}
      validateFirst
      extra={field.extra}
      {...item}
    >
      {node}
    </Form.Item>
  );
}

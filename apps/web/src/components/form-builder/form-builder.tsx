import { Button, Col, Form, Row, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { FormFieldItem } from './form-field-item';
import { normaliseValues } from './normalise-values';
import type { Dictionary, FormField, FormValues } from './types';

export interface FormBuilderProps {
  fields: readonly FormField[];
  /** Standard dictionary entries (spec §3) the fields refer to by `dict`. */
  dictionary?: Dictionary;
  initialValues?: FormValues;
  /** Receives the values as they are to be sent (trimmed, numbers null when empty, switches 1/0). */
  onSubmit: (values: FormValues) => unknown;
  /** Prefix of the fields' element ids; give one when a page shows two forms. */
  name?: string;
  /** Fields per row; textareas always take a whole row. */
  columns?: 1 | 2 | 3;
  submitText?: string;
  form?: FormInstance;
  disabled?: boolean;
  /** False inside a dialog, whose own buttons submit through `form`. */
  actions?: boolean;
  layout?: 'horizontal' | 'vertical';
}

/** A dictionary-driven form (spec §2 "Dynamic form builder", §5 "Forms"). */
export function FormBuilder({
  fields,
  dictionary,
  initialValues,
  onSubmit,
  name,
  columns = 2,
  submitText = '提交',
  form,
  disabled,
  actions = true,
  layout = 'horizontal',
}: FormBuilderProps) {
  const [submitting, setSubmitting] = useState(false);
  const handleFinish = async (values: FormValues) => {
    setSubmitting(true);
    try {
      await onSubmit(normaliseValues(fields, values));
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Form
      form={form}
      name={name}
      initialValues={initialValues}
      onFinish={handleFinish}
      disabled={disabled}
      layout={layout}
      labelCol={layout === 'horizontal' ? { flex: '120px' } : undefined}
      labelWrap
      scrollToFirstError
    >
      <Row gutter={24}>
        {fields.map((field) => (
          <Col key={field.name} xs={24} md={field.span ?? (field.type === 'textarea' ? 24 : 24 / columns)}>
            <FormFieldItem field={field} dictionary={dictionary} />
          </Col>
        ))}
      </Row>
      {actions && (
        <Form.Item label=" " colon={false}>
          <Space>
            <Button type="primary" htmlType="submit" loading={submitting}>
              {submitText}
            </Button>
            <Button htmlType="reset">重置</Button>
          </Space>
        </Form.Item>
      )}
    </Form>
  );
}

import type { FormRule } from 'antd';
import { compilePattern } from './dictionary';
import type { DictionaryEntry, FieldType, FormField } from './types';

/** Spec §5 "Forms": the message of every dictionary-driven required field, selects included. */
export const requiredMessage = (label: string): string => `${label}不能为空！`;

function requiredRule(type: FieldType, label: string): FormRule {
  const message = requiredMessage(label);
  switch (type) {
    case 'text':
    case 'textarea':
      // Blanks only count as empty: the value is trimmed before it is sent.
      return { required: true, whitespace: true, message };
    case 'checkbox':
    case 'dateRange':
      return { required: true, type: 'array', message };
    default:
      return { required: true, message };
  }
}

/**
 * Required first, then (text and textarea) the dictionary checkRule with its prompt, then the
 * field's own rules. The form item validates first-failure-only, so one message shows at a time.
 */
export function fieldRules(field: FormField, entry: DictionaryEntry | undefined, label: string): FormRule[] {
  const rules: FormRule[] = [];
  if (field.required) rules.push(requiredRule(field.type, label));
  if (field.type === 'text' || field.type === 'amount' || field.type === 'textarea') {
    const pattern = compilePattern(entry?.checkRule);
    if (pattern) rules.push({ pattern, message: entry?.prompt ?? `${label}格式不正确` });
  }
  return [...rules, ...(field.rules ?? [])];
}

/**
 * Spec §5: validation runs on blur, on change for switches. Choice controls (checkbox, radio)
 * have no meaningful blur, and pickers also check on change so clearing one shows the message.
 */
export function validateTriggerFor(type: FieldType): string | string[] {
  switch (type) {
    case 'switch':
    case 'checkbox':
    case 'radio':
    case 'yesNo':
      return 'onChange';
    case 'select':
    case 'date':
    case 'dateRange':
      return ['onChange', 'onBlur'];
    default:
      return 'onBlur';
  }
}

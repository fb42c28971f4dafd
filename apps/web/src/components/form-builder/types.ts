import type { FormRule } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';

/** Spec §3 "Option item": the key under key/code/id, the label under value/text/name/desc. */
export interface OptionItem {
  key?: string | number;
  code?: string | number;
  id?: string | number;
  value?: string;
  text?: string;
  name?: string;
  desc?: string;
}

/** Spec §3 "Standard dictionary entry" as the dictionary calls return it. */
export interface DictionaryEntry {
  nameZh?: string;
  /** A regular expression the value must match (text, textarea and input fields). */
  checkRule?: string;
  /** The message shown when `checkRule` fails. */
  prompt?: string;
  /** With `replacement`: how a value is shown masked, e.g. '^(\d{3})\d{4}(\d{4})$' → '$1****$2'. */
  regex?: string;
  replacement?: string;
  /** Date format, 'yyyy-MM-dd' or dayjs style 'YYYY-MM-DD'. */
  pattern?: string;
  options?: OptionItem[];
}

/** `data.hxStandards`: entries keyed by code, or `code_version` for standard-type fields. */
export type Dictionary = Readonly<Record<string, DictionaryEntry>>;

export type FieldType =
  | 'text'
  /** An amount: full-width digits and thousands separators are taken as plain digits. */
  | 'amount'
  | 'number'
  | 'textarea'
  | 'select'
  | 'date'
  | 'dateRange'
  | 'checkbox'
  | 'radio'
  | 'switch'
  | 'yesNo';

export interface FormField {
  /** The value's key in the submitted object. */
  name: string;
  type: FieldType;
  /** Dictionary key (code or code_version) for label, rules, mask, date pattern and options. */
  dict?: string;
  /** Overrides the dictionary's nameZh. */
  label?: string;
  required?: boolean;
  /** Overrides the dictionary's options (select, checkbox, radio). */
  options?: OptionItem[];
  /** Selects: what an option shows in the open list, by its key; the label stays what the search and the closed select use. */
  renderOption?: (key: string | number) => ReactNode;
  placeholder?: string;
  disabled?: boolean;
  /** Show the value masked with the dictionary regex/replacement while the field is not being edited. */
  masked?: boolean;
  /** Extra rules after the dictionary's, e.g. a shared validator. */
  rules?: FormRule[];
  /** Number fields: bounds and decimals. */
  min?: number;
  max?: number;
  precision?: number;
  /** Date fields: the days that cannot be picked (greyed in the calendar). */
  disabledDate?: (day: Dayjs) => boolean;
  /** Text fields: the most characters the control takes. */
  maxLength?: number;
  /** Switches: the words shown on and off (default 是 / 否). */
  switchText?: readonly [on: string, off: string];
  /** A note under the control, e.g. why it is disabled. */
  extra?: ReactNode;
  /** Grid columns of 24 the field takes, instead of the form's even split. */
  span?: number;
}

export type FormValues = Record<string, unknown>;

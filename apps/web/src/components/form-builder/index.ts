export { FormBuilder, type FormBuilderProps } from './form-builder';
export { FormFieldItem } from './form-field-item';
export type { Dictionary, DictionaryEntry, FieldType, FormField, FormValues, OptionItem } from './types';
export { contractFields, type ContractField } from './contract-fields';

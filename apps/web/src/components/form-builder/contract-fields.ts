import type { z } from 'zod';
import { schemaRule } from '../../lib/schema-rule';
import type { FormField } from './types';

/**
 * A field of a contract's request, described for the form; `required` and the first rule come
 * from the contract, `rules` adds the contract's cross-field checks (judged with other values).
 */
export type ContractField<K extends string> = Omit<FormField, 'name' | 'required'> & { name: K };

/**
 * Form fields whose rules are the contract's own field schemas, so the form refuses exactly what
 * the server would, with its messages. A field is required when the contract refuses it empty.
 */
export function contractFields<S extends z.ZodRawShape>(shape: S, fields: readonly ContractField<Extract<keyof S, string>>[]): FormField[] {
  return fields.map((field) => {
    const schema = shape[field.name] as z.ZodType;
    const acceptsEmpty = schema.safeParse(undefined).success || schema.safeParse('').success;
    return { ...field, required: field.type !== 'switch' && !acceptsEmpty, rules: [schemaRule(schema), ...(field.rules ?? [])] };
  });
}

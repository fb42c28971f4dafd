import type { FormField, FormValues } from './types';

/** Spec §9: switches are sent as 1 (on) and 0 (off). */
export const switchValue = (checked: boolean): 1 | 0 => (checked ? 1 : 0);

/** Switch state of a stored value; back ends send 1/0 as numbers or strings. */
export const isSwitchOn = (value: unknown): boolean => value === 1 || value === '1' || value === true;

/**
 * The values as they are sent (spec §5): text inputs trimmed (textareas keep their spacing),
 * empty numbers as null, an untouched switch as 0. Fields not described pass through.
 */
export function normaliseValues(fields: readonly FormField[], values: FormValues): FormValues {
  const result: FormValues = { ...values };
  for (const { name, type } of fields) {
    const value = result[name];
    if (type === 'text' && typeof value === 'string') result[name] = value.trim();
    else if (type === 'number' && (value === undefined || value === null || value === '')) result[name] = null;
    else if (type === 'switch') result[name] = switchValue(isSwitchOn(value));
  }
  return result;
}

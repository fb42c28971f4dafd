import { normaliseValues } from '../form-builder/normalise-values';
import type { FormField, FormValues } from '../form-builder/types';

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Query-form values as request criteria: normalised like any form, blank criteria left out. */
export function searchCriteria(fields: readonly FormField[], values: FormValues): FormValues {
  return Object.fromEntries(Object.entries(normaliseValues(fields, values)).filter(([, value]) => !isBlank(value)));
}

import type { Dictionary, DictionaryEntry, FormField, OptionItem } from './types';

/** Spec §3 "Display formats": dates are yyyy-MM-dd unless the dictionary says otherwise. */
const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD';

export interface SelectOption {
  label: string;
  value: string | number;
}

export function entryFor(dictionary: Dictionary | undefined, field: FormField): DictionaryEntry | undefined {
  return field.dict ? dictionary?.[field.dict] : undefined;
}

export function fieldLabel(field: FormField, entry: DictionaryEntry | undefined): string {
  return field.label ?? entry?.nameZh ?? field.name;
}

/** Option items in any of the spec's spellings, as antd options; items without a key are dropped. */
export function toSelectOptions(items: readonly OptionItem[] | undefined): SelectOption[] {
  return (items ?? []).flatMap((item) => {
    const value = item.key ?? item.code ?? item.id;
    if (value === undefined) return [];
    return [{ value, label: item.value ?? item.text ?? item.name ?? item.desc ?? String(value) }];
  });
}

/**
 * dayjs format of a dictionary date pattern. Back ends write Java patterns ('yyyy-MM-dd'),
 * where y and d are dayjs's Y and D; month, hour, minute and second letters agree.
 */
export function dateFormat(entry: DictionaryEntry | undefined): string {
  const pattern = entry?.pattern?.trim();
  return pattern ? pattern.replace(/y/g, 'Y').replace(/d/g, 'D') : DEFAULT_DATE_FORMAT;
}

/** The dictionary's regular expression, or null when it has none or it does not compile. */
export function compilePattern(source: string | undefined): RegExp | null {
  if (!source) return null;
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}

/**
 * The value as shown masked (spec §5: regex and replacement). A regex that does not compile
 * hides every character: a broken dictionary entry must not reveal what it was meant to hide.
 */
export function maskValue(value: string, entry: DictionaryEntry | undefined): string {
  if (value === '' || !entry?.regex || entry.replacement === undefined) return value;
  const regex = compilePattern(entry.regex);
  return regex ? value.replace(regex, entry.replacement) : '*'.repeat(value.length);
}

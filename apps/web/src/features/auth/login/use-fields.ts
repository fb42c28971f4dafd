import { useRef, useState } from 'react';

/** A field's rule over its value and the form's: the message to show, or null when it passes. */
export type FieldRule<T> = (value: T[keyof T] | undefined, values: Partial<T>) => string | null;

/**
 * The login forms' values and messages, as antd's Form kept them: a field is checked when it
 * changes (and so are the fields that depend on it, once shown a message), every field on submit;
 * a value set by the page itself (a spent captcha emptied) is not checked.
 */
export function useFields<T extends object>(rules: { [K in keyof T]?: FieldRule<T> }, initial: Partial<T> = {}, dependents: { [K in keyof T]?: (keyof T)[] } = {}) {
  const [values, setValues] = useState<Partial<T>>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T, string | null>>>({});
  // Submit reads the values typed up to the click, whatever render it was called from.
  const latest = useRef(values);

  const check = (name: keyof T, all: Partial<T>) => rules[name]?.(all[name], all) ?? null;
  const put = (next: Partial<T>) => {
    latest.current = next;
    setValues(next);
  };

  return {
    values,
    errors,
    latest: () => latest.current,
    set<K extends keyof T>(name: K, value: T[K] | undefined) {
      const next = { ...latest.current, [name]: value };
      put(next);
      setErrors((shown) => {
        const updated: Partial<Record<keyof T, string | null>> = { ...shown, [name]: check(name, next) };
        for (const other of dependents[name] ?? []) if (shown[other] !== undefined) updated[other] = check(other, next);
        return updated;
      });
    },
    setQuietly<K extends keyof T>(name: K, value: T[K] | undefined) {
      put({ ...latest.current, [name]: value });
    },
    /** Checks every field and shows each one's message; true when all pass. */
    validate(): boolean {
      const all = latest.current;
      const found = Object.fromEntries(Object.keys(rules).map((name) => [name, check(name as keyof T, all)])) as Partial<Record<keyof T, string | null>>;
      setErrors(found);
      return Object.values(found).every((message) => !message);
    },
    /** Empties the fields and their messages. */
    reset(names: (keyof T)[]) {
      const next = { ...latest.current };
      for (const name of names) delete next[name];
      put(next);
      setErrors((shown) => {
        const updated = { ...shown };
        for (const name of names) delete updated[name];
        return updated;
      });
    },
  };
}

export type Fields<T extends object> = ReturnType<typeof useFields<T>>;

import { CONTROL_PASSWORD_MAX } from '@portal/shared';
import { useEffect, useEffectEvent, useState, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ControlRules } from './control-rules';
import { PasswordEntry } from './password-entry';
import { SecretBuffer } from './secret-buffer';

// The field shows one masked filler character per typed character; the text is elsewhere.
const FILLER = '*';
const refuse = (event: SyntheticEvent) => event.preventDefault();

/**
 * The secure password control of spec §5 over any `<input>` (antd's in the console, a plain one
 * on the login page): keystrokes are intercepted at `beforeinput` and kept in a SecretBuffer
 * that only this mount holds, so the password never reaches React state or the DOM; `onChange`
 * receives a PasswordEntry (rules, comparison, encryption). Unmounting wipes the buffer. Returns
 * the input's props: the masked value and the refusal of paste, copy, cut, drag and autocomplete.
 */
export function useSecretInput(
  /** The mounted <input>, read once the field is mounted. */
  getInput: () => HTMLInputElement | null | undefined,
  rules: ControlRules,
  placeholder: string | undefined,
  onChange?: (entry: PasswordEntry) => void,
) {
  const [length, setLength] = useState(0);
  const mountedInput = useEffectEvent(getInput);

  const publish = useEffectEvent((field: HTMLInputElement, buffer: SecretBuffer, caret: number | null, refused: boolean) => {
    if (caret !== null) {
      flushSync(() => setLength(buffer.length));
      field.setSelectionRange(caret, caret);
    }
    onChange?.(new PasswordEntry(buffer, rules, placeholder, refused));
  });

  useEffect(() => {
    const field = mountedInput();
    if (!field) return;
    const buffer = new SecretBuffer(CONTROL_PASSWORD_MAX);
    const onBeforeInput = (event: InputEvent) => {
      event.preventDefault();
      const result = buffer.edit(event.inputType, event.data, field.selectionStart ?? buffer.length, field.selectionEnd ?? buffer.length);
      if (result.changed) publish(field, buffer, result.caret, false);
      else if (result.reason === 'not-printable') publish(field, buffer, null, true);
    };
    field.addEventListener('beforeinput', onBeforeInput);
    return () => {
      field.removeEventListener('beforeinput', onBeforeInput);
      buffer.wipe();
    };
  }, []);

  return {
    type: 'password',
    value: FILLER.repeat(length),
    autoComplete: 'off',
    spellCheck: false,
    onPaste: refuse,
    onCopy: refuse,
    onCut: refuse,
    onDrop: refuse,
    onDragStart: refuse,
  } as const;
}

import { CONTROL_PASSWORD_MAX } from '@portal/shared';
import { Input, type InputRef } from 'antd';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';
import { flushSync } from 'react-dom';
import type { ControlRules } from './control-rules';
import { PasswordEntry } from './password-entry';
import { SecretBuffer } from './secret-buffer';

export interface PasswordControlProps {
  /** Set by Form.Item, so that its label points here. */
  id?: string;
  rules?: ControlRules;
  placeholder?: string;
  disabled?: boolean;
  prefix?: ReactNode;
  /** A new entry after every accepted or refused keystroke (Form.Item supplies this). */
  onChange?: (entry: PasswordEntry) => void;
}

// The field shows one masked filler character per typed character; the text is elsewhere.
const FILLER = '*';
const refuse = (event: SyntheticEvent) => event.preventDefault();

/**
 * The secure password control of spec §5, built into the page (the bank's native control runs
 * only in IE11/Edge): a masked field taking printable ASCII up to 32 characters, with no paste,
 * copy, cut, drag or autocomplete. Keystrokes are intercepted at `beforeinput` and kept in a
 * SecretBuffer that only this mount holds, so the password never reaches React state or the
 * DOM; the form receives a PasswordEntry (rules, comparison, encryption). Unmounting wipes the
 * buffer: leaving the page disconnects the control (spec §4).
 */
export function PasswordControl({ id, rules = 'control', placeholder, disabled, prefix, onChange }: PasswordControlProps) {
  const inputRef = useRef<InputRef>(null);
  const [length, setLength] = useState(0);

  const publish = useEffectEvent((input: HTMLInputElement, buffer: SecretBuffer, caret: number | null, refused: boolean) => {
    if (caret !== null) {
      flushSync(() => setLength(buffer.length));
      input.setSelectionRange(caret, caret);
    }
    onChange?.(new PasswordEntry(buffer, rules, placeholder, refused));
  });

  useEffect(() => {
    const input = inputRef.current?.input;
    if (!input) return;
    const buffer = new SecretBuffer(CONTROL_PASSWORD_MAX);
    const onBeforeInput = (event: InputEvent) => {
      event.preventDefault();
      const result = buffer.edit(event.inputType, event.data, input.selectionStart ?? buffer.length, input.selectionEnd ?? buffer.length);
      if (result.changed) publish(input, buffer, result.caret, false);
      else if (result.reason === 'not-printable') publish(input, buffer, null, true);
    };
    input.addEventListener('beforeinput', onBeforeInput);
    return () => {
      input.removeEventListener('beforeinput', onBeforeInput);
      buffer.wipe();
    };
  }, []);

  return (
    <Input
      ref={inputRef}
      id={id}
      type="password"
      value={FILLER.repeat(length)}
      placeholder={placeholder}
      disabled={disabled}
      prefix={prefix}
      autoComplete="off"
      spellCheck={false}
      onPaste={refuse}
      onCopy={refuse}
      onCut={refuse}
      onDrop={refuse}
      onDragStart={refuse}
    />
  );
}

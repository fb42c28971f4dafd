import { Input, type InputRef } from 'antd';
import { useRef, type ReactNode } from 'react';
import type { ControlRules } from './control-rules';
import type { PasswordEntry } from './password-entry';
import { useSecretInput } from './use-secret-input';

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

/**
 * The secure password control of spec §5 as an antd Input, built into the page (the bank's
 * native control runs only in IE11/Edge): a masked field taking printable ASCII up to 32
 * characters, with no paste, copy, cut, drag or autocomplete (useSecretInput). Unmounting
 * wipes what it holds: leaving the page disconnects the control (spec §4).
 */
export function PasswordControl({ id, rules = 'control', placeholder, disabled, prefix, onChange }: PasswordControlProps) {
  const inputRef = useRef<InputRef>(null);
  const secret = useSecretInput(() => inputRef.current?.input, rules, placeholder, onChange);
  return (
    <Input
      ref={inputRef}
      id={id}
      placeholder={placeholder}
      disabled={disabled}
      prefix={prefix}
      {...secret}
    />
  );
}

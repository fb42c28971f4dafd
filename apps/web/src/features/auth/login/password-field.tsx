import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import { useRef } from 'react';
import type { PasswordEntry } from '../../../components/password-control/password-entry';
import { useSecretInput } from '../../../components/password-control/use-secret-input';
import { TextField } from './fields';

interface Props {
  id: string;
  placeholder: string;
  invalid: boolean;
  onChange: (entry: PasswordEntry) => void;
}

/** The secure password control of spec §5 (login rules) in the login page's own field. */
export function PasswordField({ id, placeholder, invalid, onChange }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const secret = useSecretInput(() => input.current, 'login', placeholder, onChange);
  return <TextField ref={input} id={id} icon={LockOutlined} placeholder={placeholder} invalid={invalid} {...secret} />;
}

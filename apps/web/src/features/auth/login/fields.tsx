import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { Icon } from './icons';

/*
 * The login forms' parts, drawn with login-page.css to antd's look (vertical Form, large size):
 * a labelled item with its message, a field with its icon, a notice, a wait.
 */

interface ItemProps {
  label: string;
  /** The id of the field the label names. */
  htmlFor: string;
  error?: string | null;
  /** A line of help under the field (antd's `extra`). */
  extra?: string;
  children: ReactNode;
}

export const errorId = (id: string) => `${id}-error`;

export function FormItem({ label, htmlFor, error, extra, children }: ItemProps) {
  return (
    <div className="ls-item">
      <label className="ls-label" htmlFor={htmlFor}>
        {label}
      </label>
      {children}
      <div id={errorId(htmlFor)} role="alert" className="ls-error">
        {error}
      </div>
      {extra && <div className="ls-extra">{extra}</div>}
    </div>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'id'> {
  id: string;
  icon: IconDefinition;
  invalid?: boolean;
  onValue?: (value: string) => void;
  /** Enter in the field. */
  onEnter?: () => void;
  /** Drawn after the input (a PIN's show/hide button). */
  suffix?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** An input with its icon in antd's affix frame; its message is read with it. */
export function TextField({ id, icon, invalid, onValue, onEnter, suffix, disabled, ref, ...input }: FieldProps) {
  return (
    <span className={`ls-field${invalid ? ' ls-field-invalid' : ''}${disabled ? ' ls-field-disabled' : ''}`}>
      <Icon icon={icon} />
      <input
        ref={ref}
        id={id}
        className="ls-input"
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId(id)}
        onChange={onValue && ((event) => onValue(event.target.value))}
        onKeyDown={onEnter && ((event) => event.key === 'Enter' && onEnter())}
        {...input}
      />
      {suffix}
    </span>
  );
}

/** A PIN: masked, with antd's eye button to show it (Input.Password). */
export function PinField(props: FieldProps) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button type="button" className="ls-reveal" aria-label={shown ? '隐藏PIN码' : '显示PIN码'} onClick={() => setShown((v) => !v)}>
          <Icon icon={shown ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}

const NOTICE_ICONS = { info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

/** antd's Alert with its icon: a title only. */
export function Notice({ type, children }: { type: keyof typeof NOTICE_ICONS; children: ReactNode }) {
  return (
    <div role="alert" className={`ls-alert ls-alert-${type}`}>
      <Icon icon={NOTICE_ICONS[type]} />
      <span>{children}</span>
    </div>
  );
}

/** A wait about a form's height (the host's edition, a part loaded on demand), with what is happening if said. */
export function Waiting({ tip }: { tip?: string }) {
  return (
    <div className="ls-waiting" role="status" aria-label={tip ?? '加载中'}>
      <span className="ls-spin" />
      {tip}
    </div>
  );
}

/** antd's primary button, large and full width; busy, it shows a spinner and takes no click. */
export function SubmitButton({ busy, disabled, onClick, children }: { busy: boolean; disabled?: boolean; onClick: () => void; children: string }) {
  return (
    <button type="button" className={`ls-button${busy ? ' ls-button-busy' : ''}`} disabled={disabled} aria-busy={busy || undefined} onClick={() => !busy && onClick()}>
      {busy && <span className="ls-spin" aria-hidden />}
      {children}
    </button>
  );
}

import { Input, type InputProps } from 'antd';
import { useState, type FocusEvent } from 'react';

interface TextInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value?: string;
  onChange?: (value: string) => void;
  /** Shown instead of the value while the input is not focused (spec §5 masked display). */
  mask?: (value: string) => string;
}

/**
 * A text input that trims its value when it loses focus (spec §5), before the form item's own
 * blur validation runs, so the message judges what will be sent and the clerk sees it too.
 */
export function TextInput({ value = '', onChange, onBlur, onFocus, mask, ...rest }: TextInputProps) {
  const [focused, setFocused] = useState(false);
  const handleBlur = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(false);
    const trimmed = value.trim();
    if (trimmed !== value) onChange?.(trimmed);
    onBlur?.(event);
  };
  const handleFocus = (event: FocusEvent<HTMLInputElement>) => {
    setFocused(true);
    onFocus?.(event);
  };
  return (
    <Input
      {...rest}
      value={mask && !focused ? mask(value) : value}
      onChange={(event) => onChange?.(event.target.value)}
      onBlur={handleBlur}
      onFocus={handleFocus}
    />
  );
}

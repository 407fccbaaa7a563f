import { TextInput, type TextInputProps } from '@mantine/core';
import { sanitizeCode } from '../lib/auth-code';

interface CodeInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (code: string) => void;
}

/** The 6-digit authenticator code box: digits only, at most six, one-time-code autocomplete. */
export function CodeInput({ value, onChange, ...props }: CodeInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="one-time-code"
      {...props}
      value={value}
      onChange={(event) => onChange(sanitizeCode(event.currentTarget.value))}
      styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}

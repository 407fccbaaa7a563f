import { Text, Textarea, type TextareaProps } from '@mantine/core';
import { useIntl } from 'react-intl';

interface LimitedTextareaProps extends Omit<TextareaProps, 'value' | 'onChange' | 'maxLength'> {
  value: string;
  onChange: (value: string) => void;
  limit: number;
}

/**
 * A multi-line input with a maximum length and a counter (spec section 5). The browser's maxLength cuts pasted
 * text to the limit, so nothing beyond it is ever silently dropped later.
 */
export function LimitedTextarea({ value, onChange, limit, ...props }: LimitedTextareaProps) {
  const intl = useIntl();
  return (
    <Textarea
      {...props}
      value={value}
      maxLength={limit}
      onChange={(event) => onChange(event.currentTarget.value.slice(0, limit))}
      description={
        <Text component="span" size="xs" c={value.length >= limit ? 'red' : 'dimmed'} aria-live="polite">
          {intl.formatMessage({ id: 'form.counter' }, { count: value.length, limit })}
        </Text>
      }
    />
  );
}

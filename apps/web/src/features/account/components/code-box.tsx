import type { KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { isCompleteCode } from '../../../lib/auth-code';
import { CodeInput } from '../../../components/code-input';

interface CodeBoxProps {
  value: string;
  onChange: (code: string) => void;
  /** A message id or a translated server message. */
  error: string | null;
  onSubmit: () => void;
}

/** The 6-digit box of the two-step dialog: digits only, at most six; Enter submits only at exactly six. */
export function CodeBox({ value, onChange, error, onSubmit }: CodeBoxProps) {
  const intl = useIntl();

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (isCompleteCode(value)) onSubmit();
  }

  return (
    <CodeInput
      label={intl.formatMessage({ id: 'twoStep.codeLabel' })}
      data-autofocus
      value={value}
      onChange={onChange}
      onKeyDown={handleKeyDown}
      error={error ?? undefined}
    />
  );
}

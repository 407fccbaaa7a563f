import { PasswordInput, Text, type PasswordInputProps } from '@mantine/core';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useCapsLock } from '../lib/caps-lock';

/** A password input that warns 'CAPS LOCK IS ON' while caps lock is on; every other prop goes to the input. */
export function PasswordField({ description, ...props }: PasswordInputProps) {
  const intl = useIntl();
  const warningId = useId();
  const { capsLockOn, handlers } = useCapsLock();
  return (
    <PasswordInput
      {...props}
      visibilityToggleButtonProps={{ 'aria-label': intl.formatMessage({ id: 'login.togglePassword' }) }}
      onKeyDown={(event) => {
        handlers.onKeyDown(event);
        props.onKeyDown?.(event);
      }}
      onKeyUp={(event) => {
        handlers.onKeyUp(event);
        props.onKeyUp?.(event);
      }}
      onBlur={(event) => {
        handlers.onBlur();
        props.onBlur?.(event);
      }}
      aria-describedby={capsLockOn ? warningId : undefined}
      description={
        capsLockOn ? (
          <Text component="span" id={warningId} role="status" size="xs" fw={700} c="orange.8">
            {intl.formatMessage({ id: 'auth.capsLockOn' })}
          </Text>
        ) : (
          description
        )
      }
    />
  );
}

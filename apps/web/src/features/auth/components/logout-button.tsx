import { Button } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import { useLogout } from '../api/logout';

export function LogoutButton() {
  const logout = useLogout();
  return (
    <Button variant="subtle" onClick={() => void logout()}>
      <FormattedMessage id="shell.logout" />
    </Button>
  );
}

import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { storage } from '../../../lib/storage';

export function LogoutButton() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  function logout() {
    storage.clearSession();
    storage.clearLoginRedirect();
    queryClient.clear();
    void navigate('/auth/login', { replace: true });
  }

  return (
    <Button variant="subtle" onClick={logout}>
      <FormattedMessage id="shell.logout" />
    </Button>
  );
}

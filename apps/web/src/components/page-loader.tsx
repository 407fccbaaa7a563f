import { Skeleton, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';

/**
 * The shape of a page while it loads (a title, a line, a table-sized block) rather than a bare spinner, so the page
 * does not jump when it arrives; announced to screen readers once.
 */
export function PageLoader() {
  const intl = useIntl();
  return (
    <Stack
      gap="md"
      py="md"
      role="status"
      aria-busy="true"
      aria-label={intl.formatMessage({ id: 'common.loading' })}
    >
      <Skeleton height={14} width={220} />
      <Skeleton height={32} width="45%" />
      <Skeleton height={14} width="30%" />
      <Skeleton height={220} mt="sm" />
      <Skeleton height={160} />
    </Stack>
  );
}

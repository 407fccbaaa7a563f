import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';

/** A centred spinner announced to screen readers while a page loads. */
export function PageLoader() {
  const intl = useIntl();
  return (
    <Center py="xl" role="status" aria-label={intl.formatMessage({ id: 'common.loading' })}>
      <Loader />
    </Center>
  );
}

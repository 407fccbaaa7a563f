import { Container } from '@mantine/core';
import { RouteErrorView } from './route-error-view';

/** Errors outside the app shell (e.g. the profile failing to load) still get a padded page. */
export function RootErrorView() {
  return (
    <Container size="lg" py="xl" component="main">
      <RouteErrorView />
    </Container>
  );
}

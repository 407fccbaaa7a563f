import { FormattedMessage } from 'react-intl';
import { ErrorPage } from './error-page';

export function NotFoundView() {
  return (
    <ErrorPage
      title={<FormattedMessage id="errors.notFound.title" />}
      message={<FormattedMessage id="errors.notFound.message" />}
    />
  );
}

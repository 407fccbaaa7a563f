import { FormattedMessage } from 'react-intl';
import { ErrorPage } from './error-page';

export function UnexpectedErrorView() {
  return (
    <ErrorPage
      title={<FormattedMessage id="errors.unexpected.title" />}
      message={<FormattedMessage id="errors.unexpected.message" />}
    />
  );
}

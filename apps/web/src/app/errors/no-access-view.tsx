import { FormattedMessage } from 'react-intl';
import { ErrorPage } from './error-page';

/** A 403: the texts of spec section 6. */
export function NoAccessView() {
  return (
    <ErrorPage
      title={<FormattedMessage id="errors.noAccess.title" />}
      message={<FormattedMessage id="errors.noAccess.message" />}
    />
  );
}

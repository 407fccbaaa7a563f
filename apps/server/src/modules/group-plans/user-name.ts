import { fullName } from '@leerzicht/contract';

/** The full name of an account joined to a row; empty when the account no longer exists. */
export const userName = (row: { userFirstName: string | null; userLastName: string | null }): string =>
  row.userFirstName === null
    ? ''
    : fullName({ firstName: row.userFirstName, lastName: row.userLastName ?? '' });

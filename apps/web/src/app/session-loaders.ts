import { redirect, type LoaderFunctionArgs } from 'react-router';
import { storage } from '../lib/storage';

export const LOGIN_ROUTE = '/auth/login';

/** Signed-in routes: without a token, remember the wanted path and search, then go to login. */
export function requireToken({ request }: LoaderFunctionArgs) {
  if (storage.getToken()) return null;
  const url = new URL(request.url);
  storage.setLoginRedirect(`${url.pathname}${url.search}`);
  throw redirect(LOGIN_ROUTE);
}

/** The login page: a signed-in user goes on to the app. */
export function redirectWhenSignedIn() {
  if (storage.getToken()) throw redirect('/app');
  return null;
}

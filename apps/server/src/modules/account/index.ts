/** The account module's public face: what other modules may use. */
export { requireRecentPasswordConfirmation } from './password-confirmation';
export { findUser } from './repository';
export { accountRoutes } from './routes';

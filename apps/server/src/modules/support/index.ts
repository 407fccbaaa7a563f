/* The support module's public face: other modules import only from here. */
export { supportRoutes } from './routes';
/* The pure policy behind the profile's readTickets ability (account/abilities-policy.ts). */
export { canReadTickets } from './policy';

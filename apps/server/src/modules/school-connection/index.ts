/* The school information system link's public face: other modules import only from here. */
export { schoolConnectionRoutes } from './routes';
/* The pure policies behind the profile's connection abilities (account/abilities-policy.ts). */
export { canChangeConnection, canReadConnection } from './policy';

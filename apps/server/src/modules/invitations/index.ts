/* The invitations module's public face: other modules import only from here. */
export { invitationRoutes } from './routes';
export { createInvitations, type MailFailureLog } from './service';

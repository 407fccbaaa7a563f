import { buildServer } from '../apps/server/scripts/start-command';

/** Builds the server once before the workers start theirs (`npm run test:e2e` has built the web app). */
export default function globalSetup(): void {
  buildServer();
}

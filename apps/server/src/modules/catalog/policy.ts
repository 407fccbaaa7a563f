import type { ActiveSession } from '../../platform/sessions';

/*
 * The catalogue (subjects, providers, national tests, methods, norms) is global reference data without school or
 * pupil data: every signed-in user reads it, whatever their schools.
 */

export const canReadCatalog = (_session: ActiveSession): boolean => true;

import { APPROACH_ERRORS } from '@leerzicht/contract';
import type { AppContext } from '../../context';
import { badRequest } from '../../platform/http-errors';
import { listSubjects } from '../catalog/index';

/** A subject of the catalogue; otherwise 400 on `field`. */
export async function requireSubject(ctx: AppContext, subjectId: number, field: string): Promise<void> {
  const known = (await listSubjects(ctx.db)).some((subject) => subject.id === subjectId);
  if (!known) throw badRequest('Invalid input.', { [field]: [APPROACH_ERRORS.unknownSubject] });
}

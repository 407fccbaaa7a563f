import type { AppContext } from '../../context';
import { allowOr403 } from '../../platform/access/index';
import { unauthorized } from '../../platform/http-errors';
import { isActiveProviderStaff } from '../../platform/provider-staff';
import type { ActiveSession } from '../../platform/sessions';
import { findUserById } from '../../platform/user-lookup';
import { canImportInspectorateFigures } from './policy';

/** Who imports: the staff member's own account, handed to the service for the audit and the rows' importer. */
export interface AllowedImporter {
  userId: number;
  impersonatorId: number | null;
}

/** Provider staff in their own session; 403 for everyone else. */
export async function requireInspectorateImporter(
  ctx: AppContext,
  session: ActiveSession,
): Promise<AllowedImporter> {
  const user = await findUserById(ctx.db, session.userId);
  if (!user) throw unauthorized();
  allowOr403(
    canImportInspectorateFigures({
      isStaff: isActiveProviderStaff(user, ctx.config.PROVIDER_DOMAIN),
      impersonated: session.impersonatorId !== null,
    }),
  );
  return { userId: user.id, impersonatorId: session.impersonatorId };
}

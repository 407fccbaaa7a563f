import { useMatches } from 'react-router';

function positiveId(value: string | undefined): number | null {
  const id = Number(value);
  return value !== undefined && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The school and group the URL selects (`/app/schools/:schoolId/groups/:yearclassId/...`). */
export function useSelection(): { schoolId: number | null; groupId: number | null } {
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  return { schoolId: positiveId(params.schoolId), groupId: positiveId(params.yearclassId) };
}

import { SCHOOL_YEAR_START_MONTH } from './constants';

/** The school year a date falls in, named by its first calendar year (2025 means 2025-2026). */
export function schoolYearOf(date: Date): number {
  const year = date.getFullYear();
  return date.getMonth() >= SCHOOL_YEAR_START_MONTH ? year : year - 1;
}

/** "2025-2026" for 2025. */
export function schoolYearLabel(schoolYear: number): string {
  return `${schoolYear}-${schoolYear + 1}`;
}

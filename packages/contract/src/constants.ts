/** Business constants and limits of specification section 9. */
export const GRADE_THRESHOLD = 3;
export const HIGHEST_GRADE = 8;
export const SUPPORT_MESSAGE_MAX = 1000;
export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const AUTH_CODE_LENGTH = 6;
export const EVALUATION_MAX = 5000;
export const NOTE_LIMIT = 1000;
export const WORD_LIMIT = 5;
export const SCRIPT_LOAD_TIMEOUT_MS = 120_000;
export const UPDATE_CHECK_INTERVAL_MS = 60_000;
/** The detail of the 503 the server answers while the database is out of reach (a restart, a failover). */
export const SERVICE_UNAVAILABLE_DETAIL = 'Service temporarily unavailable.';
/** The school year starts in August (month index 7); the new-school-year notice ends on 1 October. */
export const SCHOOL_YEAR_START_MONTH = 7;
export const NEW_SCHOOL_YEAR_NOTICE_CUTOFF = { month: 9, day: 1 } as const;
export const METHOD_WINDOW_MONTHS = 30;
export const NATIONAL_WINDOW_MONTHS = METHOD_WINDOW_MONTHS * 4;
export const RECENT_WINDOW_MONTHS = 1;
export const SELECT_DEFAULT_YEAR = 2021;

export const SCORE_RANGES = {
  levelValue: { min: 0, max: 5 },
  abilityGraph: { min: 0, max: 200 },
  abilityPupil: { min: 0, max: 120 },
  percentile: { min: 0, max: 100 },
} as const;

export const GOOD_THRESHOLDS = { levelValue: 4, abilityScore: 80, percentile: 75 } as const;
export const LOW_THRESHOLDS = { levelValue: 2, abilityScore: 60, percentile: 25 } as const;

export const REFERENCE_LEVELS = ['1F', '1S', '2F'] as const;
export type ReferenceLevel = (typeof REFERENCE_LEVELS)[number];
/**
 * What a result says about reference levels: below 1F ('<1F') or one of the levels. A result without one (grades
 * 3-6, subjects without reference levels) carries null, which is "not applicable", never "below".
 */
export const REFERENCE_RESULTS = ['<1F', ...REFERENCE_LEVELS] as const;
export type ReferenceResult = (typeof REFERENCE_RESULTS)[number];
/** Grades whose results carry an attained reference level (the projected one is given from grade 5). */
export const REFERENCE_GRADES = [7, 8] as const;
export const TICKET_SUBJECTS = ['tests', 'users', 'key_definitions', 'pupil', 'other'] as const;
export const LANGUAGES = ['nl', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const TEST_PROVIDERS = ['CITO', 'DIA', 'IEP'] as const;
export type TestProviderCode = (typeof TEST_PROVIDERS)[number];

export const SUBJECT_CODES = ['RW', 'SP', 'TBL', 'DMT', 'WST', 'RvK', 'TvK'] as const;
export type SubjectCode = (typeof SUBJECT_CODES)[number];
export const PRESCHOOL_SUBJECTS: readonly SubjectCode[] = ['RvK', 'TvK'];

/** Test moments: X covid (2020), B beginning, M middle, E end. */
export const YEAR_TIMES = ['X', 'B', 'M', 'E'] as const;
export type YearTime = (typeof YEAR_TIMES)[number];
/** Exam order within a school year. X, the COVID moment of spring 2020, came after M and before E. */
export const YEAR_TIME_ORDER: Record<YearTime, number> = { B: 0, M: 1, X: 2, E: 3 };

export const PERFORMANCE_LETTERS = ['G', 'V', 'M', 'O'] as const;
export type PerformanceLetter = (typeof PERFORMANCE_LETTERS)[number];

export const APPROACHES = ['enriched', 'basic', 'intensive', 'undefined'] as const;
export type Approach = (typeof APPROACHES)[number];
export const APPROACH_ORDER: readonly Approach[] = ['enriched', 'basic', 'intensive'];

export const NOTE_LAYERS = ['GROUP', 'INSTRUCTION', 'PUPIL'] as const;
export type NoteLayer = (typeof NOTE_LAYERS)[number];

export const PUPIL_NOTE_CATEGORIES = ['general', 'method_score', 'cito_score', 'social_emotional'] as const;

export const OUTFLOW_ADVICES = [
  'VSO',
  'PrO',
  'VMBO-BB',
  'VMBO-KB',
  'VMBO-GL/TL',
  'VMBO-TL/HAVO',
  'HAVO',
  'HAVO/VWO',
  'VWO',
] as const;
export type OutflowAdvice = (typeof OUTFLOW_ADVICES)[number];

export const HOMEPAGE_PAGES = ['schools', 'school', 'groups', 'group-worksheet', 'pupils'] as const;
export type HomepagePage = (typeof HOMEPAGE_PAGES)[number];

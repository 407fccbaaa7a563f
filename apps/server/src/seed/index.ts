export { seedDemo, isDatabaseEmpty, type SeedDemoOptions, type SeedSummary } from './insert';
export { generateDemoData, DEFAULT_SEED } from './generate';
export { DEMO_PASSWORD, DEMO_TOTP_SECRET, USER_IDS, TEACHER_GROUPS } from './accounts';
export { isMomentPast, momentEnd, momentsOf } from './dates';
export type { DemoData, GenerateOptions } from './types';

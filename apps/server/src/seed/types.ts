import type * as s from '../db/schema/index';

type Row<T extends { $inferInsert: unknown }> = T['$inferInsert'];

/** A demo account before hashing and encryption (those are not pure, so seedDemo does them). */
export type DemoUser = Omit<Row<typeof s.users>, 'passwordHash' | 'totpSecretEnc'> & {
  id: number;
  totpSecret: string | null;
};

/** All demo rows, per table, with explicit ids; insertion order is the key order of this interface. */
export interface DemoData {
  schools: Row<typeof s.schools>[];
  users: DemoUser[];
  userSettings: Row<typeof s.userSettings>[];
  schoolMemberships: Row<typeof s.schoolMemberships>[];
  subjects: Row<typeof s.subjects>[];
  testProviders: Row<typeof s.testProviders>[];
  nationalTests: Row<typeof s.nationalTests>[];
  methods: Row<typeof s.methods>[];
  methodTests: Row<typeof s.methodTests>[];
  domains: Row<typeof s.domains>[];
  goals: Row<typeof s.goals>[];
  testSections: Row<typeof s.testSections>[];
  nationalNorms: Row<typeof s.nationalNorms>[];
  yearClasses: Row<typeof s.yearClasses>[];
  pupils: Row<typeof s.pupils>[];
  yearClassPupils: Row<typeof s.yearClassPupils>[];
  teacherGroupPermissions: Row<typeof s.teacherGroupPermissions>[];
  nationalTestScores: Row<typeof s.nationalTestScores>[];
  methodTestScores: Row<typeof s.methodTestScores>[];
  testSectionScores: Row<typeof s.testSectionScores>[];
  schoolAmbitions: Row<typeof s.schoolAmbitions>[];
  pupilNoteCategories: Row<typeof s.pupilNoteCategories>[];
  pupilNotes: Row<typeof s.pupilNotes>[];
  scoreNotes: Row<typeof s.scoreNotes>[];
  yearClassNotes: Row<typeof s.yearClassNotes>[];
  socialEmotionalObservations: Row<typeof s.socialEmotionalObservations>[];
  pupilApproaches: Row<typeof s.pupilApproaches>[];
  pupilApproachLogs: Row<typeof s.pupilApproachLogs>[];
  pupilOutflowAdvice: Row<typeof s.pupilOutflowAdvice>[];
  schoolOutflow: Row<typeof s.schoolOutflow>[];
  pupilDoorstroomtoets: Row<typeof s.pupilDoorstroomtoets>[];
  groupPlanTemplates: Row<typeof s.groupPlanTemplates>[];
  groupPlans: Row<typeof s.groupPlans>[];
  noteCategories: Row<typeof s.noteCategories>[];
  groupPlanNotes: Row<typeof s.groupPlanNotes>[];
  pupilNoteCategoryLinks: Row<typeof s.pupilNoteCategoryLinks>[];
  pinnedPupils: Row<typeof s.pinnedPupils>[];
  uploads: Row<typeof s.uploads>[];
  inspectorateFigures: Row<typeof s.inspectorateFigures>[];
}

export interface GenerateOptions {
  seed: number;
  today: Date;
  providerDomain: string;
}

/** Counts an id sequence per table, starting at 1. */
export class Ids {
  private next = 1;
  take(): number {
    return this.next++;
  }
}

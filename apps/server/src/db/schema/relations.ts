import { relations } from 'drizzle-orm';
import { schools } from './schools';
import { sessions, userSettings, users } from './users';
import { schoolMemberships } from './memberships';
import { pupils, teacherGroupPermissions, yearClasses, yearClassPupils } from './groups';
import { methods, methodTests, nationalTests, subjects, testProviders, testSections } from './catalog';
import { methodTestScores, nationalTestScores } from './results';
import { groupPlanNotes, groupPlans, noteCategories } from './plans';

export const usersRelations = relations(users, ({ one, many }) => ({
  settings: one(userSettings, { fields: [users.id], references: [userSettings.userId] }),
  memberships: many(schoolMemberships),
  sessions: many(sessions, { relationName: 'sessionUser' }),
  groupPermissions: many(teacherGroupPermissions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id], relationName: 'sessionUser' }),
}));

export const schoolsRelations = relations(schools, ({ many }) => ({
  memberships: many(schoolMemberships),
  yearClasses: many(yearClasses),
  pupils: many(pupils),
}));

export const schoolMembershipsRelations = relations(schoolMemberships, ({ one }) => ({
  school: one(schools, { fields: [schoolMemberships.schoolId], references: [schools.id] }),
  user: one(users, { fields: [schoolMemberships.userId], references: [users.id] }),
}));

export const teacherGroupPermissionsRelations = relations(teacherGroupPermissions, ({ one }) => ({
  user: one(users, { fields: [teacherGroupPermissions.userId], references: [users.id] }),
  yearClass: one(yearClasses, {
    fields: [teacherGroupPermissions.yearClassId],
    references: [yearClasses.id],
  }),
}));

export const yearClassesRelations = relations(yearClasses, ({ one, many }) => ({
  school: one(schools, { fields: [yearClasses.schoolId], references: [schools.id] }),
  enrolments: many(yearClassPupils),
  nationalTestScores: many(nationalTestScores),
  methodTestScores: many(methodTestScores),
  groupPlans: many(groupPlans),
}));

export const pupilsRelations = relations(pupils, ({ one, many }) => ({
  school: one(schools, { fields: [pupils.schoolId], references: [schools.id] }),
  enrolments: many(yearClassPupils),
  nationalTestScores: many(nationalTestScores),
  methodTestScores: many(methodTestScores),
}));

export const yearClassPupilsRelations = relations(yearClassPupils, ({ one }) => ({
  yearClass: one(yearClasses, { fields: [yearClassPupils.yearClassId], references: [yearClasses.id] }),
  pupil: one(pupils, { fields: [yearClassPupils.pupilId], references: [pupils.id] }),
}));

export const nationalTestsRelations = relations(nationalTests, ({ one }) => ({
  provider: one(testProviders, { fields: [nationalTests.providerId], references: [testProviders.id] }),
  subject: one(subjects, { fields: [nationalTests.subjectId], references: [subjects.id] }),
}));

export const nationalTestScoresRelations = relations(nationalTestScores, ({ one }) => ({
  pupil: one(pupils, { fields: [nationalTestScores.pupilId], references: [pupils.id] }),
  yearClass: one(yearClasses, { fields: [nationalTestScores.yearClassId], references: [yearClasses.id] }),
  nationalTest: one(nationalTests, {
    fields: [nationalTestScores.nationalTestId],
    references: [nationalTests.id],
  }),
  subject: one(subjects, { fields: [nationalTestScores.subjectId], references: [subjects.id] }),
  provider: one(testProviders, { fields: [nationalTestScores.providerId], references: [testProviders.id] }),
}));

export const methodsRelations = relations(methods, ({ one, many }) => ({
  subject: one(subjects, { fields: [methods.subjectId], references: [subjects.id] }),
  tests: many(methodTests),
}));

export const methodTestsRelations = relations(methodTests, ({ one, many }) => ({
  method: one(methods, { fields: [methodTests.methodId], references: [methods.id] }),
  subject: one(subjects, { fields: [methodTests.subjectId], references: [subjects.id] }),
  sections: many(testSections),
}));

export const testSectionsRelations = relations(testSections, ({ one }) => ({
  methodTest: one(methodTests, { fields: [testSections.methodTestId], references: [methodTests.id] }),
}));

export const methodTestScoresRelations = relations(methodTestScores, ({ one }) => ({
  pupil: one(pupils, { fields: [methodTestScores.pupilId], references: [pupils.id] }),
  yearClass: one(yearClasses, { fields: [methodTestScores.yearClassId], references: [yearClasses.id] }),
  methodTest: one(methodTests, { fields: [methodTestScores.methodTestId], references: [methodTests.id] }),
}));

export const groupPlansRelations = relations(groupPlans, ({ one, many }) => ({
  yearClass: one(yearClasses, { fields: [groupPlans.yearClassId], references: [yearClasses.id] }),
  subject: one(subjects, { fields: [groupPlans.subjectId], references: [subjects.id] }),
  noteCategories: many(noteCategories),
}));

export const noteCategoriesRelations = relations(noteCategories, ({ one, many }) => ({
  groupPlan: one(groupPlans, { fields: [noteCategories.groupPlanId], references: [groupPlans.id] }),
  parent: one(noteCategories, {
    fields: [noteCategories.parentNoteCategoryId],
    references: [noteCategories.id],
    relationName: 'noteCategoryParent',
  }),
  children: many(noteCategories, { relationName: 'noteCategoryParent' }),
  notes: many(groupPlanNotes),
}));

export const groupPlanNotesRelations = relations(groupPlanNotes, ({ one }) => ({
  noteCategory: one(noteCategories, {
    fields: [groupPlanNotes.noteCategoryId],
    references: [noteCategories.id],
  }),
  pupil: one(pupils, { fields: [groupPlanNotes.pupilId], references: [pupils.id] }),
}));

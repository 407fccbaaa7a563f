import { accountEndpoints, adminEndpoints, authEndpoints, settingsEndpoints } from './account';
import { allNoteEndpoints } from './all-notes';
import { approachEndpoints } from './approaches';
import { groupGoalEndpoints } from './group-goals';
import { nationalTestExclusionEndpoints } from './national-test-exclusions';
import { pupilsToDiscussEndpoints } from './pupils-to-discuss';
import { pupilReportEndpoints } from './pupil-report';
import { groupPlanNoteEndpoints } from './group-plan-notes';
import { groupPlanEndpoints, groupPlanTemplateEndpoints } from './group-plans';
import { noteCategoryEndpoints } from './note-categories';
import { noteEndpoints } from './notes';
import { pupilNoteCategoryEndpoints } from './pupil-note-categories';
import { scoreNoteEndpoints } from './score-notes';
import { subjectTrendEndpoints } from './subject-trends';
import { supportEndpoints } from './support';
import { retentionEndpoints, schoolConnectionEndpoints, uploadEndpoints } from './uploads';
import { yearClassNoteEndpoints } from './year-class-notes';
import { observationEndpoints } from './observations';
import { planReportEndpoints } from './plan-reports';
import { inspectorateEndpoints } from './inspectorate';
import { pupilEndpoints, resultEndpoints } from './results';
import { schoolAnalyticsEndpoints } from './school-analytics';
import {
  catalogEndpoints,
  colleagueEndpoints,
  invitationEndpoints,
  permissionEndpoints,
  schoolEndpoints,
  shellEndpoints,
} from './school';

export {
  accountEndpoints,
  adminEndpoints,
  allNoteEndpoints,
  approachEndpoints,
  authEndpoints,
  catalogEndpoints,
  colleagueEndpoints,
  groupGoalEndpoints,
  groupPlanEndpoints,
  groupPlanNoteEndpoints,
  groupPlanTemplateEndpoints,
  inspectorateEndpoints,
  invitationEndpoints,
  nationalTestExclusionEndpoints,
  pupilsToDiscussEndpoints,
  noteCategoryEndpoints,
  noteEndpoints,
  observationEndpoints,
  permissionEndpoints,
  planReportEndpoints,
  pupilEndpoints,
  pupilNoteCategoryEndpoints,
  pupilReportEndpoints,
  resultEndpoints,
  retentionEndpoints,
  schoolAnalyticsEndpoints,
  schoolConnectionEndpoints,
  schoolEndpoints,
  scoreNoteEndpoints,
  settingsEndpoints,
  shellEndpoints,
  subjectTrendEndpoints,
  supportEndpoints,
  uploadEndpoints,
  yearClassNoteEndpoints,
};

/** Every endpoint of the API, by domain: the server registers each, tests walk them all. */
export const endpoints = {
  auth: authEndpoints,
  account: accountEndpoints,
  settings: settingsEndpoints,
  admin: adminEndpoints,
  school: schoolEndpoints,
  catalog: catalogEndpoints,
  colleagues: colleagueEndpoints,
  invitations: invitationEndpoints,
  permissions: permissionEndpoints,
  shell: shellEndpoints,
  results: resultEndpoints,
  inspectorate: inspectorateEndpoints,
  schoolAnalytics: schoolAnalyticsEndpoints,
  pupils: pupilEndpoints,
  subjectTrends: subjectTrendEndpoints,
  observations: observationEndpoints,
  approaches: approachEndpoints,
  notes: noteEndpoints,
  scoreNotes: scoreNoteEndpoints,
  yearClassNotes: yearClassNoteEndpoints,
  pupilNoteCategories: pupilNoteCategoryEndpoints,
  allNotes: allNoteEndpoints,
  noteCategories: noteCategoryEndpoints,
  groupPlanNotes: groupPlanNoteEndpoints,
  groupPlanTemplates: groupPlanTemplateEndpoints,
  groupPlans: groupPlanEndpoints,
  planReports: planReportEndpoints,
  pupilReports: pupilReportEndpoints,
  groupGoals: groupGoalEndpoints,
  nationalTestExclusions: nationalTestExclusionEndpoints,
  pupilsToDiscuss: pupilsToDiscussEndpoints,
  support: supportEndpoints,
  uploads: uploadEndpoints,
  schoolConnection: schoolConnectionEndpoints,
  retention: retentionEndpoints,
};

import type { PlanEffect } from '@leerzicht/contract';
import type { Db } from '../../db/client';
import { listEffectAggregates, listEffectMoments, listPupilEffects } from './effect-repository';
import type { EffectScope } from './effect-sql';
import {
  NO_FIGURES,
  planEffectStatus,
  toFigures,
  toGroupEffects,
  toMomentPair,
  toPupilEffect,
} from './effect-view';

/** The plan fields the effect reads. */
export interface EffectPlan {
  id: number;
  schoolId: number;
  yearClassId: number;
  subjectId: number;
  startDate: string | null;
  endDate: string | null;
}

/**
 * The measured effect of a plan whose group is of school year `calendarYear` (the caller has checked access):
 * per instruction group and for the whole group, the moments used and each pupil's figures (effect-sql.ts).
 */
export async function measurePlanEffect(db: Db, plan: EffectPlan, calendarYear: number): Promise<PlanEffect> {
  const scope: EffectScope = {
    schoolId: plan.schoolId,
    yearClassId: plan.yearClassId,
    subjectId: plan.subjectId,
    calendarYear,
    startDate: plan.startDate,
    endDate: plan.endDate,
  };
  const [aggregates, moments, pupils] = await Promise.all([
    listEffectAggregates(db, scope),
    listEffectMoments(db, scope),
    listPupilEffects(db, scope),
  ]);
  const totalRow = aggregates.find((row) => row.approach === null);
  const total = totalRow ? toFigures(totalRow) : NO_FIGURES;
  return {
    planId: plan.id,
    subjectId: plan.subjectId,
    yearclassId: plan.yearClassId,
    calendarYear,
    startDate: plan.startDate,
    endDate: plan.endDate,
    status: planEffectStatus(plan, total),
    groups: toGroupEffects(aggregates),
    total,
    moments: moments.map(toMomentPair),
    pupils: pupils.map(toPupilEffect),
  };
}

import {
  ALPHABETICAL_LEVELS,
  DL_MAX,
  levelValueForAlphabetical,
  levelValueForRoman,
  REFERENCE_RESULTS,
  ROMAN_LEVELS,
  SCORE_RANGES,
  type AlphabeticalLevel,
  type ReferenceResult,
  type RomanLevel,
  type TestProviderCode,
} from '@leerzicht/contract';
import { INVALID, parseNumber, parseWhole, type Parsed } from './cells';
import type { NationalField } from './layouts';

/*
 * The score fields of a national result (specification section 3, Test data: level value, ability score,
 * percentile, alphabetical and roman level, functional level, DLE, reference level and projected reference level),
 * read from the cells of one row. Only fields whose column is in the file are set: applying a file never clears a
 * field it has no column for. An empty cell in a column the file has clears that field.
 */

export interface NationalScoreFields {
  levelValue: number | null;
  abilityScore: number | null;
  percentile: number | null;
  alphabetical: AlphabeticalLevel | null;
  roman: RomanLevel | null;
  functionalLevel: string | null;
  dle: number | null;
  dleAboveScale: boolean;
  referenceLevel: ReferenceResult | null;
  projectedReferenceLevel: ReferenceResult | null;
}

export const EMPTY_SCORE: NationalScoreFields = {
  levelValue: null,
  abilityScore: null,
  percentile: null,
  alphabetical: null,
  roman: null,
  functionalLevel: null,
  dle: null,
  dleAboveScale: false,
  referenceLevel: null,
  projectedReferenceLevel: null,
};

/**
 * The ability scale each provider's scores must lie on. The real scales differ per subject and test version and are
 * not public (domain.md); a score outside the product's ability scale (specification section 9: 0-200) cannot be
 * one of them.
 */
export const ABILITY_RANGES: Record<TestProviderCode, { min: number; max: number }> = {
  CITO: SCORE_RANGES.abilityGraph,
  DIA: SCORE_RANGES.abilityGraph,
  IEP: SCORE_RANGES.abilityGraph,
};

export interface FieldProblem {
  field: NationalField;
  code: 'invalid_value' | 'out_of_range' | 'inconsistent_level';
  message: string;
  values: Record<string, string | number>;
}

/** A row's cell of a field, or undefined for a column the file does not have. */
type Cell = (field: NationalField) => string | undefined;

function invalid(problems: FieldProblem[], field: NationalField, value: string, expected: string): void {
  problems.push({
    field,
    code: 'invalid_value',
    message: `"${value}" is not ${expected}`,
    values: { value, expected },
  });
}

function outOfRange(
  problems: FieldProblem[],
  field: NationalField,
  value: number,
  min: number,
  max: number,
): void {
  problems.push({
    field,
    code: 'out_of_range',
    message: `${value} lies outside ${min}-${max}`,
    values: { value, min, max },
  });
}

/** The score fields of a row's cells, into `fields`; problems into `problems`. */
export function readScoreFields(
  cell: Cell,
  provider: TestProviderCode,
  fields: Partial<NationalScoreFields>,
  problems: FieldProblem[],
): void {
  const ability = cell('ability');
  if (ability !== undefined) {
    const value = parseNumber(ability);
    const range = ABILITY_RANGES[provider];
    if (value === INVALID) invalid(problems, 'ability', ability, 'a number');
    else if (value !== null && (value < range.min || value > range.max))
      outOfRange(problems, 'ability', value, range.min, range.max);
    else fields.abilityScore = value;
  }

  const percentile = cell('percentile');
  if (percentile !== undefined) {
    const value = parseWhole(percentile);
    if (value === INVALID) invalid(problems, 'percentile', percentile, 'a whole number');
    else if (value !== null && (value < 0 || value > 100)) outOfRange(problems, 'percentile', value, 0, 100);
    else fields.percentile = value;
  }

  readLevel(cell('level'), cell('levelValue'), fields, problems);

  const functional = cell('functionalLevel');
  if (functional !== undefined) {
    const value = parseFunctionalLevel(functional);
    if (value === INVALID)
      invalid(problems, 'functionalLevel', functional, 'a moment such as M4, E5, <M3 or >E8');
    else fields.functionalLevel = value;
  }

  const dle = cell('dle');
  if (dle !== undefined) {
    const above = /^>\s*60$/.test(dle);
    const value = above ? DL_MAX : parseWhole(dle);
    if (value === INVALID) invalid(problems, 'dle', dle, 'a whole number or >60');
    else if (value !== null && (value < 0 || value > DL_MAX)) outOfRange(problems, 'dle', value, 0, DL_MAX);
    else {
      fields.dle = value;
      fields.dleAboveScale = above;
    }
  }

  const reference = cell('reference');
  if (reference !== undefined) {
    const value = parseReference(reference);
    if (value === INVALID) invalid(problems, 'reference', reference, REFERENCE_EXPECTED);
    else fields.referenceLevel = value;
  }
  const projected = cell('projectedReference');
  if (projected !== undefined) {
    const value = parseReference(projected);
    if (value === INVALID) invalid(problems, 'projectedReference', projected, REFERENCE_EXPECTED);
    else fields.projectedReferenceLevel = value;
  }
}

const REFERENCE_EXPECTED = 'a reference level (<1F, 1F, 1S, 2F)';

function readLevel(
  levelText: string | undefined,
  valueText: string | undefined,
  fields: Partial<NationalScoreFields>,
  problems: FieldProblem[],
): void {
  let letterValue: number | null = null;
  if (levelText !== undefined) {
    const letter = levelText.toUpperCase();
    const roman = ROMAN_LEVELS.find((level) => level === letter);
    const alphabetical = ALPHABETICAL_LEVELS.find((level) => level === letter);
    if (letter === '') {
      fields.roman = null;
      fields.alphabetical = null;
      fields.levelValue = null;
    } else if (roman) {
      fields.roman = roman;
      fields.alphabetical = null;
      letterValue = levelValueForRoman(roman);
      fields.levelValue = letterValue;
    } else if (alphabetical) {
      fields.alphabetical = alphabetical;
      fields.roman = null;
      letterValue = levelValueForAlphabetical(alphabetical);
      fields.levelValue = letterValue;
    } else {
      invalid(problems, 'level', levelText, 'a level I-V or A-E');
      return;
    }
  }
  if (valueText === undefined) return;
  const value = parseWhole(valueText);
  if (value === INVALID) return invalid(problems, 'levelValue', valueText, 'a whole number');
  const range = SCORE_RANGES.levelValue;
  if (value !== null && (value < range.min || value > range.max)) {
    return outOfRange(problems, 'levelValue', value, range.min, range.max);
  }
  if (letterValue !== null) {
    const level = levelText ?? '';
    if (value !== null && value !== letterValue) {
      problems.push({
        field: 'levelValue',
        code: 'inconsistent_level',
        message: `Level value ${value} does not go with level ${level} (${letterValue})`,
        values: { value, level, expected: letterValue },
      });
    }
    return;
  }
  fields.levelValue = value;
}

/** "M4", "E 5", "<M3", "> E8" stored as "M4", "E5", "<M3", ">E8". */
function parseFunctionalLevel(text: string): Parsed<string | null> {
  const value = text.replace(/\s+/g, '').toUpperCase();
  if (value === '') return null;
  return /^[<>]?[BME][1-8]$/.test(value) ? value : INVALID;
}

function parseReference(text: string): Parsed<ReferenceResult | null> {
  const value = text.replace(/\s+/g, '').toUpperCase();
  if (value === '' || value === '-') return null;
  if (value === 'ONDER1F' || value === '<1F') return '<1F';
  return REFERENCE_RESULTS.find((level) => level === value) ?? INVALID;
}

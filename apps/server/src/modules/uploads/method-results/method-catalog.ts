import type { Db } from '../../../db/client';
import { listMethodTests, listMethodTestSections, type MethodTestRow } from './repository';

/** The method tests of the catalogue by method (code or name), grade and block, with their sections by code. */

export interface MethodTest extends MethodTestRow {
  /** Sections by upper-case code. */
  sections: Map<string, { id: number; maxScore: number }>;
}

export type MethodTestChoice = { ok: true; test: MethodTest } | { ok: false; code: string; message: string };

export class MethodCatalog {
  private constructor(
    private readonly byMethod: Map<string, MethodTest[]>,
    private readonly methodNames: Set<string>,
  ) {}

  static async load(tx: Db): Promise<MethodCatalog> {
    const tests = await listMethodTests(tx);
    const sections = await listMethodTestSections(tx);
    const sectionsOf = new Map<number, MethodTest['sections']>();
    for (const section of sections) {
      const map = sectionsOf.get(section.methodTestId) ?? new Map();
      map.set(section.code.trim().toUpperCase(), { id: section.id, maxScore: section.maxScore });
      sectionsOf.set(section.methodTestId, map);
    }
    const byMethod = new Map<string, MethodTest[]>();
    const methodNames = new Set<string>();
    for (const test of tests) {
      const full: MethodTest = { ...test, sections: sectionsOf.get(test.id) ?? new Map() };
      for (const name of [test.methodCode, test.methodName]) {
        const key = name.trim().toLowerCase();
        methodNames.add(key);
        const list = byMethod.get(key) ?? [];
        if (!list.includes(full)) list.push(full);
        byMethod.set(key, list);
      }
    }
    return new MethodCatalog(byMethod, methodNames);
  }

  choose(method: string, grade: number, block: number): MethodTestChoice {
    const key = method.trim().toLowerCase();
    if (!this.methodNames.has(key)) {
      return { ok: false, code: 'unknown_method', message: `"${method}" is not a method of the catalogue` };
    }
    const tests = (this.byMethod.get(key) ?? []).filter(
      (test) => test.grade === grade && test.block === block,
    );
    if (tests.length === 1 && tests[0]) return { ok: true, test: tests[0] };
    if (tests.length === 0) {
      return {
        ok: false,
        code: 'unknown_test',
        message: `The method "${method}" has no test for groep ${grade} blok ${block}`,
      };
    }
    return {
      ok: false,
      code: 'ambiguous_test',
      message: `The method "${method}" has ${tests.length} tests for groep ${grade} blok ${block}`,
    };
  }
}

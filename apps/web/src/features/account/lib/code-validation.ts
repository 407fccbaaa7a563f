import { isCompleteCode } from '../../../lib/auth-code';

/** The messages of the code box (spec section 5): none typed, or not exactly six digits. */
export function codeProblem(code: string): 'twoStep.codeMissing' | 'twoStep.codeInvalid' | null {
  if (code.length === 0) return 'twoStep.codeMissing';
  return isCompleteCode(code) ? null : 'twoStep.codeInvalid';
}

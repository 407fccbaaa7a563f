/** The support dialog arrives in a later issue; until then the footer shows no Support button. */
export const SUPPORT_DIALOG_AVAILABLE = false;

/** Section 2: the footer's Support button appears only when a user and a school are selected. */
export function showSupportButton(input: {
  signedIn: boolean;
  schoolId: number | null;
  supportAvailable?: boolean;
}): boolean {
  return (input.supportAvailable ?? SUPPORT_DIALOG_AVAILABLE) && input.signedIn && input.schoolId !== null;
}

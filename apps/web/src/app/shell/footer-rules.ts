/** Section 2: the footer's Support button appears only when a user and a school are selected. */
export function showSupportButton(input: { signedIn: boolean; schoolId: number | null }): boolean {
  return input.signedIn && input.schoolId !== null;
}

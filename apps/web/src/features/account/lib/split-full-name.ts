/** Account save (spec section 5): the full name split on spaces; the first word is the first name, the rest the last name. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  return { firstName, lastName: rest.join(' ') };
}

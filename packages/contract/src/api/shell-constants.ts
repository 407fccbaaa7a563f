/** Longest parts of a client error report (the schema in shell.ts applies them; the web trims to them first). */
export const CLIENT_ERROR_LIMITS = { message: 1000, path: 500, stack: 8000 } as const;

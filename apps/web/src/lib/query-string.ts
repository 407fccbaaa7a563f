/** A query value: primitives, arrays of them, or nested objects (`a[b]=c`). */
export type QueryValue = string | number | boolean | Date | null | undefined | QueryValue[] | QueryParams;
export interface QueryParams {
  [key: string]: QueryValue;
}

function encodeScalar(value: string | number | boolean | Date): string {
  return encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));
}

function append(parts: string[], name: string, value: QueryValue): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => {
      const isNested = typeof item === 'object' && item !== null && !(item instanceof Date);
      append(parts, isNested ? `${name}[${index}]` : `${name}[]`, item);
    });
    return;
  }
  if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, nested] of Object.entries(value)) {
      append(parts, `${name}[${encodeURIComponent(key)}]`, nested);
    }
    return;
  }
  parts.push(`${name}=${encodeScalar(value)}`);
}

/**
 * Builds a query string in the bracket style the API reads (`include[]=a&include[]=b`, `a[b]=c`).
 * Returns '' for no parameters, otherwise the string without the leading '?'.
 */
export function toQueryString(params: QueryParams | undefined): string {
  if (!params) return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    append(parts, encodeURIComponent(key), value);
  }
  return parts.join('&');
}

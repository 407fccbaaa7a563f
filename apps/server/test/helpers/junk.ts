import fc from 'fast-check';
import { ID_MAX } from '@leerzicht/contract';
import { type JsonSchema, isNumericParameter } from './openapi';

/*
 * Generators of bad input for the property test. Bodies and numeric or patterned path values are invalid for the
 * schema they are made for, so a request that carries one must be refused whatever else it carries; query junk
 * and free-text path values may happen to be valid.
 */

const CONTROL = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];
const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
const NON_CANONICAL = [
  '+1',
  '0x10',
  '1e3',
  '01',
  '00',
  '1.0',
  ' 1',
  '1 ',
  '-0',
  '+0',
  '1_000',
  '١',
  '１',
  'Infinity',
];

const anyText = fc.string({ unit: 'binary', maxLength: 12 });
/** Text with at least one character that no request text field accepts. */
export const controlText = fc
  .tuple(anyText, fc.constantFrom(...CONTROL, ...LONE_SURROGATES), anyText)
  .map(([before, bad, after]) => before + bad + after);

/** A canonical id in range: the only path or query value a numeric parameter accepts. */
const isCanonicalId = (value: string) => /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= ID_MAX;

/** Path and query values that are no canonical whole number in range. */
export const numberJunk: fc.Arbitrary<string> = fc
  .oneof(
    fc.bigInt({ min: BigInt(ID_MAX) + 1n, max: 10n ** 40n }).map(String),
    fc.bigInt({ min: -(10n ** 20n), max: 0n }).map(String),
    fc.constantFrom(...NON_CANONICAL, '9'.repeat(400)),
    fc.double({ noNaN: true }).map(String),
    fc.tuple(fc.constantFrom('+', '0', ' ', '-', '0x', '0b', '\u0000'), fc.nat()).map(([p, n]) => `${p}${n}`),
    controlText,
    anyText,
  )
  .filter((value) => !isCanonicalId(value));

/** Segments written into a URL as they are: malformed escapes, encoded slashes and dots. */
const rawSegments = fc.constantFrom(
  '%zz',
  '%',
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%2F',
  '%2e%2e',
  '%u0000',
  '%FF',
);

function encodeSegment(value: string): string {
  // Half a surrogate pair has no UTF-8 form: write the bytes a careless client would send.
  return [...value].map((char) => (/\p{Cs}/u.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

const restrictivePattern = (schema: JsonSchema) => {
  if (schema.pattern === undefined) return null;
  const pattern = new RegExp(schema.pattern, 'u');
  return pattern.test('abc') ? null : pattern;
};

/** Whether every value pathJunk makes for this parameter is refused (else the parameter takes free text). */
export const pathJunkIsInvalid = (schema: JsonSchema) =>
  isNumericParameter(schema) || restrictivePattern(schema) !== null;

/** An encoded path segment for a parameter; invalid for numbers and patterns, anything for free text. */
export function pathJunk(schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = restrictivePattern(schema);
  const values = isNumericParameter(schema)
    ? numberJunk
    : fc.oneof(numberJunk, controlText, anyText).filter((value) => !pattern || !pattern.test(value));
  return fc.oneof({ weight: 4, arbitrary: values.map(encodeSegment) }, { weight: 1, arbitrary: rawSegments });
}

const queryKey = (names: string[]) =>
  fc.oneof(
    fc.constantFrom(...names, 'school_id', 'school_year', 'limit', 'offset'),
    fc.constantFrom(...names, 'school_id').map((name) => `${name}[]`),
    fc.constantFrom(...names, 'school_id').map((name) => `${name}[a][b]`),
    fc.constantFrom('__proto__[x]', 'constructor[prototype][x]', 'a'.repeat(2000)),
  );

/** A query string of junk, mostly on the operation's own parameters. */
export function queryJunk(names: string[]): fc.Arbitrary<string> {
  const value = fc.oneof(numberJunk.map(encodeSegment), controlText.map(encodeSegment), rawSegments);
  return fc
    .array(fc.tuple(queryKey(names), value), { maxLength: 5 })
    .map((pairs) => (pairs.length ? `?${pairs.map(([key, item]) => `${key}=${item}`).join('&')}` : ''));
}

const deep = (depth: number, leaf: unknown, wrap: (inner: unknown) => unknown) => {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = wrap(value);
  return value;
};
const depth = fc.integer({ min: 2, max: 300 });
const nestedArrays = depth.map((levels) => deep(levels, 1, (inner) => [inner]));
const nestedObjects = depth.map((levels) => deep(levels, 1, (inner) => ({ a: inner })));
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** JSON values whose type is not `type` (null only where the schema does not take null). */
function notOfType(type: string | undefined, nullable: boolean): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [];
  if (type !== 'string') options.push(fc.oneof(anyText, controlText, fc.constantFrom('1', 'true', '')));
  if (type !== 'integer' && type !== 'number')
    options.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
  if (type !== 'boolean') options.push(fc.boolean());
  if (type !== 'array') options.push(fc.array(anyJson, { maxLength: 3 }), nestedArrays);
  if (type !== 'object') {
    options.push(fc.dictionary(fc.string({ maxLength: 5 }), anyJson, { maxKeys: 3 }), nestedObjects);
  }
  if (!nullable) options.push(fc.constant(null));
  return fc.oneof(...options);
}

function outOfRange(schema: JsonSchema): fc.Arbitrary<unknown> {
  const integer = schema.type === 'integer';
  const max = integer ? Math.min(schema.maximum ?? ID_MAX, ID_MAX) : schema.maximum;
  const options: fc.Arbitrary<unknown>[] = [];
  if (max !== undefined)
    options.push(
      fc.double({ min: max + 1, max: 1e300, noNaN: true }).map((n) => (integer ? Math.floor(n) : n)),
    );
  if (schema.minimum !== undefined)
    options.push(fc.integer({ min: -1e9, max: Math.ceil(schema.minimum) - 1 }));
  if (integer)
    options.push(fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((n) => !Number.isInteger(n)));
  return options.length ? fc.oneof(...options) : notOfType(schema.type, Boolean(schema.nullable));
}

function badString(schema: JsonSchema): fc.Arbitrary<unknown> {
  const options: fc.Arbitrary<unknown>[] = [controlText];
  const { maxLength, enum: members } = schema;
  if (maxLength !== undefined) {
    options.push(
      fc.integer({ min: maxLength + 1, max: maxLength + 3000 }).map((length) => 'é'.repeat(length)),
    );
  }
  if (members) options.push(anyText.filter((value) => !members.includes(value)));
  return fc.oneof(...options);
}

/** A value the schema refuses. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const wrongType = notOfType(schema.type, Boolean(schema.nullable));
  switch (schema.type) {
    case 'string':
      return fc.oneof(wrongType, badString(schema));
    case 'integer':
    case 'number':
      return fc.oneof(wrongType, outOfRange(schema));
    case 'array': {
      const items = schema.items ?? {};
      const options = [wrongType, fc.array(invalidValue(items), { minLength: 1, maxLength: 3 })];
      if (schema.maxItems !== undefined)
        options.push(fc.constant(Array.from({ length: schema.maxItems + 1 }, () => 1)));
      return fc.oneof(...options);
    }
    case 'object':
      return fc.oneof(wrongType, invalidObject(schema));
    default:
      return wrongType;
  }
}

/** An object with one known property given a refused value, among other keys with anything. */
function invalidObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const { additionalProperties: values } = schema;
  if (properties.length === 0 && typeof values === 'object') {
    // A record: one entry with a refused value.
    return fc
      .tuple(fc.string({ minLength: 1, maxLength: 8 }), invalidValue(values))
      .map(([name, value]) => ({ [name]: value }));
  }
  if (properties.length === 0) throw new Error('a body schema without properties takes any object');
  const names = properties.map(([name]) => name);
  const bad = fc
    .constantFrom(...properties)
    .chain(([name, property]) => invalidValue(property).map((value) => [name, value] as const));
  const others = fc.dictionary(fc.oneof(fc.constantFrom(...names), fc.string({ maxLength: 8 })), anyJson, {
    maxKeys: 4,
  });
  return fc.tuple(others, bad).map(([rest, [name, value]]) => ({ ...rest, [name]: value }));
}

/** Larger than the 1 MiB body limit. */
const OVERSIZED = JSON.stringify({ big: 'x'.repeat(1_100_000) });

export interface BodyJunk {
  payload: string;
  contentType: string;
}

/** A request body the operation's JSON body schema refuses: bad fields, wrong types, broken or huge JSON. */
export function bodyJunk(schema: JsonSchema): fc.Arbitrary<BodyJunk> {
  const json = fc.oneof(
    { weight: 6, arbitrary: invalidObject(schema).map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: notOfType('object', false).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 1000, max: 50_000 })
        .map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '{"a":', 'nul', '{"__proto__":{"x":1}}', '\u0000') },
    { weight: 1, arbitrary: fc.constant(OVERSIZED) },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant('application/json') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/json; charset=utf-16',
      ),
    },
  );
  return fc.record({ payload: json, contentType });
}

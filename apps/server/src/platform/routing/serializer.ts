import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileProjection, type Projection } from './projection';

type SerializerRoute = Parameters<typeof validatingSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/** Values marked by wireConstant: frozen, so the JSON written for them once stays right. */
const constants = new WeakSet<object>();

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const part of Object.values(value)) deepFreeze(part);
}

/**
 * Marks a part of an answer that many requests share unchanged (a school's history rows of one version): it is
 * frozen, and the compiled serializer writes its JSON once and reuses it whenever an answer carries that same
 * object as one of its top-level fields. Answers are the same bytes either way; only the work is saved.
 */
export function wireConstant<T extends object>(value: T): T {
  deepFreeze(value);
  constants.add(value);
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Field {
  key: string;
  /** `"key":`, escaped once. */
  prefix: string;
  project: Projection;
  written: WeakMap<object, string>;
}

/**
 * An object answer field by field, as JSON.stringify would write the projected object (keys in the schema's
 * order, undefined left out), with the JSON of wireConstant fields taken from the last time they were written.
 */
function objectSerializer(schema: z.ZodObject): Serialize {
  const seen = new Map<z.core.$ZodType, Projection>();
  const fields: Field[] = Object.entries(schema.shape).map(([key, part]) => ({
    key,
    prefix: `${JSON.stringify(key)}:`,
    project: compileProjection(part, seen),
    written: new WeakMap(),
  }));
  const whole = compileProjection(schema, seen);
  const jsonOf = (field: Field, value: unknown): string | undefined => {
    if (typeof value !== 'object' || value === null || !constants.has(value)) {
      return JSON.stringify(field.project(value));
    }
    const known = field.written.get(value);
    if (known !== undefined) return known;
    const json = JSON.stringify(field.project(value));
    field.written.set(value, json);
    return json;
  };
  return (data) => {
    if (!isRecord(data)) return JSON.stringify(whole(data));
    const parts: string[] = [];
    for (const field of fields) {
      if (!(field.key in data)) continue;
      const json = jsonOf(field, data[field.key]);
      if (json !== undefined) parts.push(field.prefix + json);
    }
    return `{${parts.join(',')}}`;
  };
}

/**
 * Answers serialised without validating them: a projection compiled once per route from its response schema
 * (keys in the schema's order, keys it does not name left out, as zod's encode does), then JSON.stringify.
 * The bytes are the same as the validating serializer's for every valid answer; the tests run with validation
 * on, so a drift from the contract fails there.
 */
export function compiledSerializerCompiler(route: SerializerRoute): Serialize {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return validatingSerializerCompiler(route);
  const catchall = schema instanceof z.ZodObject ? schema._zod.def.catchall : undefined;
  if (schema instanceof z.ZodObject && (!catchall || catchall._zod.def.type === 'never')) {
    return objectSerializer(schema);
  }
  const project = compileProjection(schema);
  return (data) => JSON.stringify(project(data));
}

/** Production serialises with the compiled projection; tests and development validate every answer. */
export function responseSerializerCompiler(validate: boolean): (route: SerializerRoute) => Serialize {
  return validate ? validatingSerializerCompiler : compiledSerializerCompiler;
}

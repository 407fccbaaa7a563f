import { z } from 'zod';

/** Turns a valid answer into what zod's encode would give, without checking it. */
export type Projection = (value: unknown) => unknown;

const SAME: Projection = (value) => value;
const PLAIN = new Set([
  'string',
  'number',
  'boolean',
  'bigint',
  'null',
  'undefined',
  'any',
  'unknown',
  'date',
  'enum',
  'literal',
  'template_literal',
  'nan',
  'void',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** For what the projection does not follow (unions of objects, pipes, defaults): zod's own encode of that part. */
function encodeWith(schema: z.core.$ZodType): Projection {
  return (value) => z.encode(schema, value);
}

/**
 * Compiles, once per schema, the part of zod's encode that changes the bytes of a valid answer: keys in the
 * schema's order and keys the schema does not name left out. Values the schema passes through as they are
 * (strings, numbers, dates, enums) are not looked at; parts it cannot follow cheaply go through zod.
 */
export function compileProjection(
  schema: z.core.$ZodType,
  seen = new Map<z.core.$ZodType, Projection>(),
): Projection {
  const known = seen.get(schema);
  if (known) return known;
  // Recursive (lazy) schemas refer to themselves: register a forwarder before compiling the parts.
  let compiled: Projection = SAME;
  seen.set(schema, (value) => compiled(value));
  compiled = compile(schema, seen);
  seen.set(schema, compiled);
  return compiled;
}

function compile(schema: z.core.$ZodType, seen: Map<z.core.$ZodType, Projection>): Projection {
  // Every zod schema is one of the $ZodTypes; the union lets the switch narrow its definition.
  const typed = schema as z.core.$ZodTypes;
  const def = typed._zod.def;
  if (PLAIN.has(def.type)) return SAME;
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape).map(
        ([key, part]) => [key, compileProjection(part, seen)] as const,
      );
      const catchall = def.catchall && def.catchall._zod.def.type !== 'never' ? def.catchall : undefined;
      if (catchall) return encodeWith(schema);
      return (value) => {
        if (!isRecord(value)) return value;
        const out: Record<string, unknown> = {};
        for (const [key, project] of entries) {
          if (key in value) out[key] = project(value[key]);
        }
        return out;
      };
    }
    case 'array': {
      const item = compileProjection(def.element, seen);
      if (item === SAME) return SAME;
      return (value) => (Array.isArray(value) ? value.map((element) => item(element)) : value);
    }
    case 'record': {
      const entry = compileProjection(def.valueType, seen);
      if (entry === SAME) return SAME;
      return (value) => {
        if (!isRecord(value)) return value;
        const out: Record<string, unknown> = {};
        for (const key of Object.keys(value)) out[key] = entry(value[key]);
        return out;
      };
    }
    case 'optional':
    case 'nullable': {
      const inner = compileProjection(def.innerType, seen);
      if (inner === SAME) return SAME;
      return (value) => (value === undefined || value === null ? value : inner(value));
    }
    case 'readonly':
      return compileProjection(def.innerType, seen);
    case 'lazy':
      return compileProjection(def.getter(), seen);
    case 'union': {
      const options = def.options.map((option) => compileProjection(option, seen));
      // A union of plain values (a string or null, one of some literals) passes through as it is.
      if (options.every((option) => option === SAME)) return SAME;
      return encodeWith(schema);
    }
    default:
      return encodeWith(schema);
  }
}

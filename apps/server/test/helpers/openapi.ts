import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** The part of a JSON Schema (OpenAPI 3.0 flavour, as @fastify/swagger writes it) the input tests read. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  /** The values of a record (an object keyed by free names, such as ratings by aspect). */
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  required?: string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
}

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    additionalProperties: z.union([z.boolean(), jsonSchema]).optional(),
    items: jsonSchema.optional(),
    required: z.array(z.string()).optional(),
    enum: z.array(z.unknown()).optional(),
    format: z.string().optional(),
    pattern: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    nullable: z.boolean().optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    anyOf: z.array(jsonSchema).optional(),
  }),
);

const parameterSchema = z.object({
  in: z.string(),
  name: z.string(),
  required: z.boolean().optional(),
  schema: jsonSchema,
});
export type Parameter = z.infer<typeof parameterSchema>;

const operationSchema = z.object({
  parameters: z.array(parameterSchema).optional(),
  requestBody: z
    .object({ content: z.object({ 'application/json': z.object({ schema: jsonSchema }) }) })
    .optional(),
});

const documentSchema = z.object({ paths: z.record(z.string(), z.record(z.string(), z.unknown())) });

const METHODS = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;
const methodSchema = z.enum(['get', 'post', 'put', 'patch', 'delete']);

export interface Operation {
  method: (typeof METHODS)[keyof typeof METHODS];
  /** OpenAPI path with `{name}` placeholders, including the /api/1.0 prefix. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body: JsonSchema | null;
}

/** Every operation of the application's OpenAPI document (the contract's request schemas as JSON Schema). */
export function operationsOf(app: FastifyInstance): Operation[] {
  const document = documentSchema.parse(app.swagger());
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [key, value] of Object.entries(item)) {
      const method = methodSchema.safeParse(key);
      if (!method.success) continue;
      const operation = operationSchema.parse(value);
      const parameters = operation.parameters ?? [];
      operations.push({
        method: METHODS[method.data],
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        queryParams: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content['application/json'].schema ?? null,
      });
    }
  }
  return operations;
}

export const operationName = (operation: Operation) => `${operation.method} ${operation.path}`;

/** The path with each `{name}` replaced by its value (URL-encoded unless `encode` says otherwise); '1' if none. */
export function fillPath(
  path: string,
  values: Record<string, string>,
  encode: (value: string) => string = encodeURIComponent,
): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => encode(values[name] ?? '1'));
}

export function queryString(values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** A path or query parameter that carries a whole number (an id, a grade, a school year). */
export function isNumericParameter(schema: JsonSchema): boolean {
  if (schema.anyOf) return schema.anyOf.some(isNumericParameter);
  if (schema.type === 'integer' || schema.type === 'number') return true;
  if (schema.type !== 'string' || schema.pattern === undefined) return false;
  const pattern = new RegExp(schema.pattern, 'u');
  return pattern.test('123') && !pattern.test('abc');
}

/** A value that passes the schema's declared types and bounds (not every cross-field rule). */
export function sampleValue(schema: JsonSchema, name = ''): unknown {
  if (schema.anyOf?.[0]) return sampleValue(schema.anyOf[0], name);
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch (schema.type) {
    case 'string':
      return sampleString(schema, name);
    case 'integer':
    case 'number':
      return schema.minimum !== undefined ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 1, 1) }, () =>
        sampleValue(schema.items ?? {}, name),
      );
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sampleValue(value, key)]),
      );
    default:
      return null;
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid') return '0b7c9c1e-52a4-4f3e-9a4c-2f6a8b3d5e71';
  if (schema.format === 'email' || /email/i.test(name)) return 'sample@school.example';
  if (schema.pattern !== undefined && new RegExp(schema.pattern, 'u').test('123456')) return '123456';
  const length = Math.min(Math.max(schema.minLength ?? 1, 12), schema.maxLength ?? 12);
  return 'a'.repeat(length);
}

export type FieldPath = (string | number)[];

/** Paths of the leaves of `schema` of the given type; array items are reached through index 0. */
export function fieldsOfType(schema: JsonSchema, type: string, prefix: FieldPath = []): FieldPath[] {
  if (schema.type === type) return [prefix];
  if (schema.type === 'array' && schema.items) return fieldsOfType(schema.items, type, [...prefix, 0]);
  if (schema.type === 'object') {
    return Object.entries(schema.properties ?? {}).flatMap(([key, value]) =>
      fieldsOfType(value, type, [...prefix, key]),
    );
  }
  return [];
}

/** A copy of `value` with the leaf at `path` replaced. */
export function withField(value: unknown, path: FieldPath, leaf: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return leaf;
  if (typeof head === 'number') {
    const array = Array.isArray(value) ? [...value] : [];
    array[head] = withField(array[head], rest, leaf);
    return array;
  }
  const object: Record<string, unknown> = isRecord(value) ? { ...value } : {};
  object[head] = withField(object[head], rest, leaf);
  return object;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

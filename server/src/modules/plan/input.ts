/**
 * Schema messages that are complete Chinese sentences, shown as written. The shared parseInput
 * keeps `msg()` texts as-is only for refine() checks (zod 4 does not carry `params` on built-in
 * checks such as min/max/int, so it puts the raw field name in front: "dailyCount：…").
 * Messages made with `sentence()` are recognised by their text instead; anything else (zod's
 * own messages, unknown fields) still goes through parseInput's path.
 */
import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';

const SENTENCES = new Set<string>();

/** A complete message for a schema check (`.min(1, sentence('…'))`). */
export function sentence(message: string) {
  SENTENCES.add(message);
  return { error: message } as const;
}

export function parseSaid<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code !== 'unrecognized_keys' && SENTENCES.has(issue.message)) throw badRequest(issue.message);
  return parseInput(schema, input);
}

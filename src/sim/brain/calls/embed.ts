/**
 * One vector per text, for memory relevance (Smallville's get_embedding). Same size for every text.
 *
 * Vectors for texts: one per text, all the same size; else the local embedding.
 */
import { call } from '../call';
import { z } from 'zod';
import { localEmbedding } from '../localEmbedding';
import { fail, parseWith } from '../reply';

const anyVectors = z.array(z.array(z.number().finite()).min(1));

export const embed = call<[texts: string[]], number[][]>()({
  prompt: null,
  reply: null,
  fromReply: () => fail('embeddings are not asked of a chat model'),
  accept: (v, _ctx, texts) => {
    const vectors = parseWith(anyVectors, v);
    if (vectors.length !== texts.length) fail(`${vectors.length} vectors for ${texts.length} texts`);
    if (vectors.some((e) => e.length !== vectors[0]?.length)) fail('vectors of different sizes');
    return vectors;
  },
  fallback: (_ctx, texts) => texts.map((t) => localEmbedding(t)),
  unasked: (_ctx, texts) => (texts.length === 0 ? [] : undefined),
});

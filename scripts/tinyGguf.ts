/**
 * Writes a tiny random-weight llama model in the GGUF v3 format (a few hundred KB), the stand-in
 * "download" for the in-tab brain's tests: no real model weights can be fetched on our machines.
 * `npx tsx scripts/tinyGguf.ts out.gguf [seed]` writes one; the browser test calls `tinyLlamaGguf`.
 *
 * The format (https://github.com/ggml-org/ggml/blob/master/docs/gguf.md): "GGUF", version 3, the
 * tensor and key-value counts, the key-values (a string key, a type, a value), the tensor infos (name,
 * dimensions fastest first, type, offset into the data), padding to the alignment, then the data.
 *
 * The tokenizer is SentencePiece-style ("llama") with the three special tokens and the 256 byte
 * tokens only: every text tokenizes by byte fallback, and any byte can be generated. The weights are
 * random but tilted so the model is terse: every token's embedding shares a large first component
 * that the small random layers leave standing, and the output rows of `"`, `]`, `}` and `,` (then the
 * digits) point along it. Under a JSON grammar it closes strings, lists and objects as soon as the
 * grammar lets it, so its replies stay within a call's max_tokens; what it writes is still nonsense.
 */
import { writeFileSync } from 'node:fs';
import { Rng } from '../src/sim/rng';

const enum T {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  BOOL = 7,
  STRING = 8,
  ARRAY = 9,
}

type Value = { t: T.U32 | T.I32 | T.F32; v: number } | { t: T.BOOL; v: boolean } | { t: T.STRING; v: string } | { t: T.ARRAY; of: T.STRING; v: string[] } | { t: T.ARRAY; of: T.F32 | T.I32; v: number[] };

class Writer {
  private readonly chunks: Uint8Array[] = [];
  length = 0;
  private push(b: Uint8Array): void {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    this.push(b);
  }
  i32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, n, true);
    this.push(b);
  }
  u64(n: number): void {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), true);
    this.push(b);
  }
  f32(n: number): void {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, n, true);
    this.push(b);
  }
  str(s: string): void {
    const b = new TextEncoder().encode(s);
    this.u64(b.length);
    this.push(b);
  }
  bytes(b: Uint8Array): void {
    this.push(b);
  }
  pad(align: number): void {
    const n = (align - (this.length % align)) % align;
    if (n) this.push(new Uint8Array(n));
  }
  value(val: Value): void {
    this.u32(val.t);
    if (val.t === T.ARRAY) {
      this.u32(val.of);
      this.u64(val.v.length);
      for (const x of val.v) {
        if (typeof x === 'string') this.str(x);
        else if (val.of === T.F32) this.f32(x);
        else this.i32(x);
      }
    } else if (val.t === T.STRING) this.str(val.v);
    else if (val.t === T.BOOL) this.push(new Uint8Array([val.v ? 1 : 0]));
    else if (val.t === T.F32) this.f32(val.v);
    else if (val.t === T.I32) this.i32(val.v);
    else this.u32(val.v);
  }
  done(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const c of this.chunks) {
      out.set(c, at);
      at += c.length;
    }
    return out;
  }
}

const ALIGN = 32;
const EMBD = 64;
const FF = 128;
const LAYERS = 2;
const HEADS = 4;
/** Long enough for a packed call's prompt at a token a byte. */
const CONTEXT = 16_384;
/** The special tokens, then <0x00> … <0xFF>. */
const SPECIAL = ['<unk>', '<s>', '</s>'];
const BYTE0 = SPECIAL.length;
const VOCAB = BYTE0 + 256;
/** The chat template (ChatML), so llama.cpp formats the messages as for most small instruct models. */
const CHATML = "{% for message in messages %}{{'<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n'}}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** How strongly the model prefers a byte (along the shared first component): closers first, then digits. */
function tilt(byte: number): number {
  if (byte === 0x22) return 1.2; // "
  if (byte === 0x5d) return 1.0; // ]
  if (byte === 0x7d) return 0.9; // }
  if (byte === 0x2c) return 0.6; // , (ends a number before another digit)
  if (byte >= 0x30 && byte <= 0x39) return 0.3;
  return 0;
}

/** The GGUF file's bytes; the same seed gives the same file. */
export function tinyLlamaGguf(seed = 1): Uint8Array {
  const rng = new Rng(seed);
  const noise = (scale: number) => (rng.next() * 2 - 1) * scale;
  const matrix = (rows: number, cols: number, scale: number) => Float32Array.from({ length: rows * cols }, () => noise(scale));

  const tokenEmbd = matrix(VOCAB, EMBD, 0.02);
  const output = matrix(VOCAB, EMBD, 0.02);
  for (let t = 0; t < VOCAB; t++) {
    tokenEmbd[t * EMBD] = 1;
    output[t * EMBD] = t >= BYTE0 ? tilt(t - BYTE0) : t === 2 ? 0.5 : -1;
  }
  const tensors: { name: string; dims: number[]; data: Float32Array }[] = [
    { name: 'token_embd.weight', dims: [EMBD, VOCAB], data: tokenEmbd },
    { name: 'output_norm.weight', dims: [EMBD], data: new Float32Array(EMBD).fill(1) },
    { name: 'output.weight', dims: [EMBD, VOCAB], data: output },
  ];
  for (let l = 0; l < LAYERS; l++) {
    const b = `blk.${l}`;
    tensors.push(
      { name: `${b}.attn_norm.weight`, dims: [EMBD], data: new Float32Array(EMBD).fill(1) },
      { name: `${b}.attn_q.weight`, dims: [EMBD, EMBD], data: matrix(EMBD, EMBD, 0.05) },
      { name: `${b}.attn_k.weight`, dims: [EMBD, EMBD], data: matrix(EMBD, EMBD, 0.05) },
      { name: `${b}.attn_v.weight`, dims: [EMBD, EMBD], data: matrix(EMBD, EMBD, 0.02) },
      { name: `${b}.attn_output.weight`, dims: [EMBD, EMBD], data: matrix(EMBD, EMBD, 0.02) },
      { name: `${b}.ffn_norm.weight`, dims: [EMBD], data: new Float32Array(EMBD).fill(1) },
      { name: `${b}.ffn_gate.weight`, dims: [EMBD, FF], data: matrix(FF, EMBD, 0.02) },
      { name: `${b}.ffn_up.weight`, dims: [EMBD, FF], data: matrix(FF, EMBD, 0.02) },
      { name: `${b}.ffn_down.weight`, dims: [FF, EMBD], data: matrix(EMBD, FF, 0.02) },
    );
  }

  const tokens = [...SPECIAL, ...Array.from({ length: 256 }, (_, i) => `<0x${i.toString(16).toUpperCase().padStart(2, '0')}>`)];
  const kv: [string, Value][] = [
    ['general.architecture', { t: T.STRING, v: 'llama' }],
    ['general.name', { t: T.STRING, v: 'hamlet-tiny-random' }],
    ['general.alignment', { t: T.U32, v: ALIGN }],
    ['llama.context_length', { t: T.U32, v: CONTEXT }],
    ['llama.embedding_length', { t: T.U32, v: EMBD }],
    ['llama.block_count', { t: T.U32, v: LAYERS }],
    ['llama.feed_forward_length', { t: T.U32, v: FF }],
    ['llama.attention.head_count', { t: T.U32, v: HEADS }],
    ['llama.attention.head_count_kv', { t: T.U32, v: HEADS }],
    ['llama.attention.layer_norm_rms_epsilon', { t: T.F32, v: 1e-5 }],
    ['llama.rope.dimension_count', { t: T.U32, v: EMBD / HEADS }],
    ['llama.rope.freq_base', { t: T.F32, v: 10_000 }],
    ['llama.vocab_size', { t: T.U32, v: VOCAB }],
    ['tokenizer.ggml.model', { t: T.STRING, v: 'llama' }],
    ['tokenizer.ggml.tokens', { t: T.ARRAY, of: T.STRING, v: tokens }],
    ['tokenizer.ggml.scores', { t: T.ARRAY, of: T.F32, v: tokens.map(() => 0) }],
    // 2 unknown, 3 control, 6 byte
    ['tokenizer.ggml.token_type', { t: T.ARRAY, of: T.I32, v: tokens.map((_, i) => (i === 0 ? 2 : i < BYTE0 ? 3 : 6)) }],
    ['tokenizer.ggml.unknown_token_id', { t: T.U32, v: 0 }],
    ['tokenizer.ggml.bos_token_id', { t: T.U32, v: 1 }],
    ['tokenizer.ggml.eos_token_id', { t: T.U32, v: 2 }],
    ['tokenizer.ggml.add_bos_token', { t: T.BOOL, v: true }],
    ['tokenizer.ggml.add_eos_token', { t: T.BOOL, v: false }],
    ['tokenizer.chat_template', { t: T.STRING, v: CHATML }],
  ];

  const w = new Writer();
  w.bytes(new TextEncoder().encode('GGUF'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(kv.length);
  for (const [key, value] of kv) {
    w.str(key);
    w.value(value);
  }
  let offset = 0;
  for (const t of tensors) {
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(0); // F32
    w.u64(offset);
    offset += Math.ceil(t.data.byteLength / ALIGN) * ALIGN;
  }
  w.pad(ALIGN);
  for (const t of tensors) {
    w.bytes(new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad(ALIGN);
  }
  return w.done();
}

if (process.argv[1]?.endsWith('tinyGguf.ts')) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: npx tsx scripts/tinyGguf.ts out.gguf [seed]');
    process.exit(1);
  }
  const bytes = tinyLlamaGguf(Number(process.argv[3] ?? 1));
  writeFileSync(out, bytes);
  console.log(`${out}: ${bytes.length.toLocaleString('en')} bytes`);
}

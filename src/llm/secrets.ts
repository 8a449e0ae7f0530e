/**
 * Secrets (API keys) this process knows of, and the scrubber every stored or printed text passes
 * through: the call log, error messages and notices, recordings, replays and saves, the CLI's stdout
 * and stderr, the dev proxy's replies. A provider's 401 often echoes the key it was given; nothing
 * that echo lands in may keep it, in any spelling: as it is, URL-encoded (a redirect's query),
 * JSON-escaped (`\u0068` for an "h"), base64-encoded (a Basic auth header), or any mix of the first three.
 */

/** A known key: how to find it in any of its spellings. */
interface KnownSecret {
  /** The key itself, for a cheap first look. */
  plain: string;
  /** The key with each character as itself, %XX, \uXXXX or a JSON backslash escape. */
  spelled: RegExp;
  /** Its base64 and base64url forms at the three byte alignments, without the edge characters a neighbour changes. */
  base64: string[];
}

const known = new Map<string, KnownSecret>();

/** What a secret becomes in stored text. */
const REDACTED = '[key removed]';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A hex digit pattern matching either case: "a" → "[aA]". */
const hexDigits = (n: number, width: number) => [...n.toString(16).padStart(width, '0')].map((d) => (/[a-f]/.test(d) ? `[${d}${d.toUpperCase()}]` : d)).join('');

function charSpellings(c: string): string {
  const alts = [escapeRegExp(c)];
  alts.push([...new TextEncoder().encode(c)].map((b) => `%${hexDigits(b, 2)}`).join(''));
  const code = c.codePointAt(0) ?? 0;
  if (code <= 0xffff) alts.push(`\\\\u${hexDigits(code, 4)}`);
  if (c === '"' || c === '\\' || c === '/') alts.push(`\\\\${escapeRegExp(c)}`);
  if (c === ' ') alts.push('\\+');
  return `(?:${alts.join('|')})`;
}

function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/** The part of the key's base64 that stays the same whatever bytes come before and after it. */
function base64Cores(secret: string): string[] {
  const bytes = new TextEncoder().encode(secret);
  const cores = new Set<string>();
  for (let align = 0; align < 3; align++) {
    const padded = new Uint8Array(align + bytes.length);
    padded.set(bytes, align);
    const b64 = toBase64(padded).replace(/=+$/, '');
    // The first group holds prefix bytes when aligned off zero; the last one may hold what follows.
    const from = align === 0 ? 0 : 4;
    const to = (align + bytes.length) % 3 === 0 ? b64.length : Math.floor((align + bytes.length) / 3) * 4;
    const core = b64.slice(from, to);
    if (core.length >= 8) {
      cores.add(core);
      cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...cores];
}

/** Remember a key in use, so it is scrubbed from everything stored from now on. Short values (placeholders) are ignored. */
export function rememberSecret(secret: string | undefined): void {
  const s = secret?.trim();
  if (!s || s.length < 8 || s === 'no-key' || known.has(s)) return;
  known.set(s, { plain: s, spelled: new RegExp([...s].map(charSpellings).join(''), 'g'), base64: base64Cores(s) });
}

/** Bearer tokens and key-shaped strings ("sk-…", "sk-proj-…", "gsk_…", "xai-…"), whoever's they are. */
const KEY_SHAPES = /\bBearer\s+(?=[A-Za-z._~+/=-]*\d)[A-Za-z0-9._~+/=-]{8,}|\b(?:sk|rk|gsk|xai|pk)[-_](?:[A-Za-z0-9]+[-_])*[A-Za-z0-9]{16,}/g;

/** The text with every known secret (in any of its spellings), bearer token and key-shaped string replaced by REDACTED. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const k of known.values()) {
    if (out.includes(k.plain)) out = out.split(k.plain).join(REDACTED);
    // Only texts with an escape or a percent sign can hold another spelling.
    if (/[%\\]/.test(out)) out = out.replace(k.spelled, REDACTED);
    for (const core of k.base64) if (out.includes(core)) out = out.split(core).join(REDACTED);
  }
  return out.replace(KEY_SHAPES, (m) => (m.startsWith('Bearer') ? `Bearer ${REDACTED}` : REDACTED));
}

/** A JSON-like value with every string scrubbed (parsed answers, recorded documents). */
export function scrubDeep<T>(value: T): T {
  if (typeof value === 'string') return scrubSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v) => scrubDeep(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = scrubDeep(v);
    return out as T;
  }
  return value;
}

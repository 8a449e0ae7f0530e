/**
 * Secrets (API keys) this process knows of, and the scrubber every stored text passes through: the
 * call log, error messages and notices, recordings and replays. A provider's 401 often echoes the
 * key it was given; nothing that echo lands in may keep it.
 */
const known = new Set<string>();

/** What a secret becomes in stored text. */
const REDACTED = '[key removed]';

/** Remember a key in use, so it is scrubbed from everything stored from now on. Short values (placeholders) are ignored. */
export function rememberSecret(secret: string | undefined): void {
  const s = secret?.trim();
  if (s && s.length >= 8 && s !== 'no-key') known.add(s);
}

/** Bearer tokens and key-shaped strings ("sk-…", "sk-proj-…", "gsk_…", "xai-…"), whoever's they are. */
const KEY_SHAPES = /\bBearer\s+(?=[A-Za-z._~+/=-]*\d)[A-Za-z0-9._~+/=-]{8,}|\b(?:sk|rk|gsk|xai|pk)[-_](?:[A-Za-z0-9]+[-_])*[A-Za-z0-9]{16,}/g;

/** The text with every known secret, bearer token and key-shaped string replaced by REDACTED. */
export function scrubSecrets(text: string): string {
  let out = text;
  for (const s of known) if (out.includes(s)) out = out.split(s).join(REDACTED);
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

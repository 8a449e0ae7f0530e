import { at } from '../sim/checked';
/**
 * Tolerant JSON extraction from a model's reply: plain JSON, a ```json fenced block, or JSON
 * wrapped in prose ("Sure! Here it is: {...} Hope that helps"). Returns undefined if none parses.
 */
export function extractJson(text: string): unknown {
  const t = text.trim();
  if (!t) return undefined;
  const direct = tryParse(t);
  if (direct !== undefined) return direct;
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(t);
  if (fence) {
    const inner = tryParse(at(fence, 1, 'fenced JSON').trim());
    if (inner !== undefined) return inner;
  }
  // The first balanced {...} or [...] that parses.
  for (let start = 0; start < t.length; start++) {
    const open = t[start];
    if (open !== '{' && open !== '[') continue;
    const close = open === '{' ? '}' : ']';
    let depth = 0;
    let inString = false;
    for (let i = start; i < t.length; i++) {
      const c = t[i];
      if (inString) {
        if (c === '\\') i++;
        else if (c === '"') inString = false;
        continue;
      }
      if (c === '"') inString = true;
      else if (c === open) depth++;
      else if (c === close && --depth === 0) {
        const v = tryParse(t.slice(start, i + 1));
        if (v !== undefined) return v;
        break;
      }
    }
  }
  return undefined;
}

function tryParse(s: string): unknown {
  try {
    return JSON.parse(s);
  } catch {
    return undefined;
  }
}

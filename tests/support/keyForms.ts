/**
 * A key in the spellings a leak may take (issue 33, point 4), and a check that looks for it in each:
 * as it is, URL-encoded, JSON-escaped (one character or all), base64 and base64url (in a longer
 * run, at any alignment), and mixes of the first three.
 */
export function keySpellings(key: string): Record<string, string> {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const unicode = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return {
    plain: key,
    urlEncoded: [...key].map((c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`).join(''),
    urlComponent: encodeURIComponent(`${key}&x=1`),
    jsonOneEscaped: unicode(key[0]!) + key.slice(1),
    jsonMiddleEscaped: key.slice(0, 5) + unicode(key[5]!) + key.slice(6),
    jsonAllEscaped: [...key].map(unicode).join(''),
    mixed: [...key].map((c, i) => (i % 3 === 0 ? `%${c.charCodeAt(0).toString(16)}` : i % 3 === 1 ? unicode(c) : c)).join(''),
    base64: b64(key),
    basicAuth: b64(`user:${key}`),
    base64Offset: b64(`xy${key}!`),
    base64url: b64(`ab:${key}?`).replace(/\+/g, '-').replace(/\//g, '_'),
  };
}

/** Whether `text` still holds the key in any spelling above (decoding what can be decoded). */
export function holdsKey(text: string, key: string): boolean {
  const forms = [text];
  const unescaped = text.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  forms.push(unescaped);
  for (const t of [text, unescaped]) {
    try {
      forms.push(decodeURIComponent(t.replace(/%(?![0-9a-fA-F]{2})/g, '%25')));
    } catch {
      // not decodable as a whole: the pieces below still are
    }
  }
  forms.push(forms.at(-1)!.replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
  for (const run of text.match(/[A-Za-z0-9+/_-]{12,}={0,2}/g) ?? []) {
    for (let cut = 0; cut < 4; cut++) forms.push(Buffer.from(run.slice(cut).replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1'));
  }
  return forms.some((f) => f.includes(key));
}

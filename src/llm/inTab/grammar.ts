/**
 * A call's JSON schema (the one sent to endpoints, derived from its zod contract) as a GBNF grammar
 * for llama.cpp, so a model in the tab can only write JSON of that shape: the keywords zod's
 * toJSONSchema writes for our contracts (object properties and required, arrays with minItems and
 * maxItems, strings with minLength and maxLength, enums, anyOf, integers with small ranges, numbers,
 * booleans, null). Compact JSON (no whitespace: fewer tokens on a slow model); required properties
 * first, then the optional ones in the schema's order (JSON's key order means nothing to the
 * contract). A range the grammar cannot say (a number's bounds beyond 100 values) is left to the
 * contract's check, which feeds the error back to the model as for any endpoint.
 */

type Schema = Record<string, unknown>;

/** Integer ranges up to this many values are spelled out as alternatives. */
const SMALL_RANGE = 100;
/** Digits in an integer: JavaScript's safe integers have 16. */
const MAX_DIGITS = 16;

const BASE_RULES = [
  'char ::= [^"\\\\\\x7F\\x00-\\x1F] | "\\\\" (["\\\\/bfnrt] | "u" [0-9a-fA-F]{4})',
  'uint ::= "0" | [1-9] [0-9]{0,15}',
  'int ::= "-"? uint',
  'num ::= int ("." [0-9]{1,6})? ([eE] [-+]? [0-9]{1,3})?',
  'bool ::= "true" | "false"',
  'str ::= "\\"" char* "\\""',
  'value ::= obj | arr | str | num | bool | "null"',
  'obj ::= "{" (str ":" value ("," str ":" value)*)? "}"',
  'arr ::= "[" (value ("," value)*)? "]"',
];

/** A GBNF string literal for `text` (quotes, backslashes and control characters escaped). */
function gbnfLiteral(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/[\n\r\t]/g, (c) => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'))}"`;
}

class Rules {
  private readonly byBody = new Map<string, string>();
  readonly lines: string[] = [];
  private n = 0;

  /** A rule with this body (the same body is one rule), by name. */
  rule(kind: string, body: string): string {
    const had = this.byBody.get(body);
    if (had) return had;
    const name = `${kind}${++this.n}`;
    this.byBody.set(body, name);
    this.lines.push(`${name} ::= ${body}`);
    return name;
  }
}

function repeat(item: string, min: number, max: number | undefined): string {
  if (max === undefined) return min === 0 ? `${item}*` : min === 1 ? `${item}+` : `${item}{${min},}`;
  if (min === max) return min === 1 ? item : `${item}{${min}}`;
  return `${item}{${min},${max}}`;
}

function count(s: Schema, key: string): number | undefined {
  const v = s[key];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function integer(s: Schema, rules: Rules): string {
  const exMin = count(s, 'exclusiveMinimum');
  const min = count(s, 'minimum') ?? (exMin !== undefined ? Math.floor(exMin) + 1 : undefined);
  const exMax = count(s, 'exclusiveMaximum');
  const max = count(s, 'maximum') ?? (exMax !== undefined ? Math.ceil(exMax) - 1 : undefined);
  if (min !== undefined && max !== undefined && max >= min && max - min < SMALL_RANGE) {
    return rules.rule('range', Array.from({ length: max - min + 1 }, (_, i) => gbnfLiteral(String(min + i))).join(' | '));
  }
  if (min !== undefined && min >= 1) return rules.rule('posint', `[1-9] [0-9]{0,${MAX_DIGITS - 1}}`);
  return min !== undefined && min >= 0 ? 'uint' : 'int';
}

function string(s: Schema, rules: Rules): string {
  const min = count(s, 'minLength') ?? 0;
  const max = count(s, 'maxLength');
  if (min === 0 && max === undefined) return 'str';
  return rules.rule('str', `"\\"" ${repeat('char', min, max)} "\\""`);
}

function array(s: Schema, rules: Rules): string {
  const items = s.items;
  const item = items && typeof items === 'object' && !Array.isArray(items) ? node(items as Schema, rules) : 'value';
  const min = count(s, 'minItems') ?? 0;
  const max = count(s, 'maxItems');
  if (max === 0) return rules.rule('arr', '"[" "]"');
  // [a(,a){min-1,max-1}] when at least one, else optional.
  const more = repeat(`("," ${item})`, Math.max(0, min - 1), max === undefined ? undefined : max - 1);
  const body = `${item} ${more}`;
  return rules.rule('arr', min === 0 ? `"[" (${body})? "]"` : `"[" ${body} "]"`);
}

function object(s: Schema, rules: Rules): string {
  const props = s.properties && typeof s.properties === 'object' ? Object.entries(s.properties as Record<string, Schema>) : [];
  if (props.length === 0) return s.additionalProperties === false ? rules.rule('obj', '"{" "}"') : 'obj';
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  const pair = (key: string, schema: Schema) => rules.rule('kv', `${gbnfLiteral(JSON.stringify(key))} ":" ${node(schema, rules)}`);
  const req = props.filter(([k]) => required.has(k)).map(([k, v]) => pair(k, v));
  const opt = props.filter(([k]) => !required.has(k)).map(([k, v]) => pair(k, v));
  // Optional pairs after a first pair: each may come, in order, after a comma.
  const tail = opt.map((p) => `("," ${p})?`).join(' ');
  if (req.length > 0) return rules.rule('obj', ['"{"', req.join(' "," '), tail, '"}"'].filter(Boolean).join(' '));
  // No pair is required: none, or a first one present and any of those after it.
  const firsts = opt.map((p, i) => [p, ...opt.slice(i + 1).map((q) => `("," ${q})?`)].join(' '));
  return rules.rule('obj', `"{" (${firsts.map((f) => `(${f})`).join(' | ')})? "}"`);
}

function node(s: Schema, rules: Rules): string {
  if (Array.isArray(s.enum)) return rules.rule('enum', s.enum.map((v) => gbnfLiteral(JSON.stringify(v))).join(' | '));
  if ('const' in s) return gbnfLiteral(JSON.stringify(s.const));
  const alts = (Array.isArray(s.anyOf) ? s.anyOf : Array.isArray(s.oneOf) ? s.oneOf : null) as Schema[] | null;
  if (alts) return rules.rule('alt', alts.map((a) => node(a, rules)).join(' | '));
  const type = s.type;
  if (Array.isArray(type)) return rules.rule('alt', type.map((t) => node({ ...s, type: t }, rules)).join(' | '));
  switch (type) {
    case 'object':
      return object(s, rules);
    case 'array':
      return array(s, rules);
    case 'string':
      return string(s, rules);
    case 'integer':
      return integer(s, rules);
    case 'number':
      return 'num';
    case 'boolean':
      return 'bool';
    case 'null':
      return '"null"';
    default:
      return 'value';
  }
}

/** The GBNF grammar (root rule `root`) of replies that fit `schema`. */
export function schemaToGbnf(schema: Schema): string {
  const rules = new Rules();
  const root = node(schema, rules);
  return [`root ::= ${root}`, ...rules.lines, ...BASE_RULES].join('\n');
}

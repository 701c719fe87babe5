import { messageOf } from './errors';

/** Checks one typed answer against the constraints its JSON Schema property asks for. Pure. */

export interface AnswerConstraints {
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  /** The allowed values (`enum`, or a titled enum's `const`s). */
  allowed?: readonly unknown[];
}

/** Longest answer run against a server's pattern: the pattern is the server's text, and a backtracking one on a
 * long answer could hang the page. Longer answers are left to the server to judge. */
export const PATTERN_INPUT_LIMIT = 1000;

/** What is wrong with an answer, in words for the person answering; undefined when nothing is. */
export type AnswerProblem = string | undefined;

type PatternCompile = { ok: true; regex: RegExp } | { ok: false; reason: string };

const compiled = new Map<string, PatternCompile>();

/** JSON Schema patterns are ECMA-262 regular expressions, unanchored, with Unicode semantics. Never throws. */
function compilePattern(pattern: string): PatternCompile {
  let outcome = compiled.get(pattern);
  if (!outcome) {
    try {
      outcome = { ok: true, regex: new RegExp(pattern, 'u') };
    } catch (error) {
      outcome = { ok: false, reason: messageOf(error) };
    }
    if (compiled.size > 200) compiled.clear();
    compiled.set(pattern, outcome);
  }
  return outcome;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*$/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|[+-](\d{2}):(\d{2}))$/i;

function isDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isTime(text: string): boolean {
  const m = TIME.exec(text);
  if (!m) return false;
  const [hour, minute, second] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const offsetOk = m[6] === undefined || (Number(m[6]) <= 23 && Number(m[7]) <= 59);
  // 60 is a leap second.
  return hour <= 23 && minute <= 59 && second <= 60 && offsetOk;
}

function isUri(text: string): boolean {
  if (!SCHEME.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** Formats the MCP elicitation schema names; others are annotations only and pass. */
const FORMATS: Record<string, { test: (text: string) => boolean; message: string }> = {
  email: { test: (t) => EMAIL.test(t), message: 'Enter an email address' },
  uri: { test: isUri, message: 'Enter a full URI (such as https://example.com)' },
  date: { test: isDate, message: 'Enter a date as YYYY-MM-DD' },
  'date-time': {
    test: (t) => {
      const at = t.search(/[Tt]/);
      return at === 10 && isDate(t.slice(0, at)) && isTime(t.slice(at + 1));
    },
    message: 'Enter a date and time as YYYY-MM-DDThh:mm:ssZ',
  },
};

/** Why the property's pattern cannot be checked here (it does not compile as a JavaScript regular expression). */
export function patternProblem(c: AnswerConstraints): string | undefined {
  if (c.pattern === undefined) return undefined;
  const pattern = compilePattern(c.pattern);
  return pattern.ok
    ? undefined
    : `The server's pattern is not a valid regular expression here (${pattern.reason}); the server will judge this answer.`;
}

const shown = (pattern: string) => (pattern.length > 80 ? `${pattern.slice(0, 79)}…` : pattern);

function checkText(text: string, c: AnswerConstraints): AnswerProblem {
  // JSON Schema counts characters as code points.
  const length = [...text].length;
  if (c.minLength !== undefined && length < c.minLength) return `At least ${c.minLength} characters`;
  if (c.maxLength !== undefined && length > c.maxLength) return `At most ${c.maxLength} characters`;
  const format = c.format === undefined ? undefined : FORMATS[c.format];
  if (format && !format.test(text)) return format.message;
  if (c.pattern === undefined || text.length > PATTERN_INPUT_LIMIT) return undefined;
  const pattern = compilePattern(c.pattern);
  // An uncompilable pattern is reported by patternProblem, not held against the answer.
  if (!pattern.ok || pattern.regex.test(text)) return undefined;
  return `Must match the pattern ${shown(c.pattern)}`;
}

function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** Checks an answer already converted to its type (a present value: emptiness and `required` are the caller's). */
export function checkAnswer(value: unknown, c: AnswerConstraints): AnswerProblem {
  if (c.allowed && !c.allowed.some((v) => sameValue(v, value))) return 'Choose one of the listed values';
  if (typeof value === 'number') {
    if (c.minimum !== undefined && value < c.minimum) return `At least ${c.minimum}`;
    if (c.maximum !== undefined && value > c.maximum) return `At most ${c.maximum}`;
    return undefined;
  }
  return typeof value === 'string' ? checkText(value, c) : undefined;
}

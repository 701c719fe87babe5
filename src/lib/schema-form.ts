/** Turns a tool's JSON Schema `inputSchema` into form fields, and form values back into arguments. Pure. */

import { checkAnswer, type AnswerConstraints } from './schema-answers';

type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'multi' | 'json';

export interface FieldSpec extends AnswerConstraints {
  name: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  defaultValue?: unknown;
  /** For enums and multi-selects: the value sent, and the label shown (a titled enum's title, else the value). */
  options?: Array<{ value: string; label: string }>;
  /** For multi-selects (`type: array` of an enum): how many may be chosen. */
  minItems?: number;
  maxItems?: number;
}

export type FormValues = Record<string, string | boolean>;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Enum options from `enum` (+ legacy `enumNames`) or from a titled enum (`oneOf`/`anyOf` of `{const, title}`). */
function enumOptions(schema: Record<string, unknown>): Array<{ value: string; label: string }> | undefined {
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string')) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    return schema.enum.map((value, i) => ({ value, label: typeof names[i] === 'string' ? names[i] : value }));
  }
  const choices = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined;
  if (choices && choices.length > 0 && choices.every((c) => isRecord(c) && typeof c.const === 'string')) {
    return (choices as Array<{ const: string; title?: unknown }>).map((c) => ({
      value: c.const,
      label: typeof c.title === 'string' ? c.title : c.const,
    }));
  }
  return undefined;
}

/** A multi-select (SEP-1330): an array whose items are an enum, plain or titled. */
function multiOptions(schema: Record<string, unknown>): Array<{ value: string; label: string }> | undefined {
  return schema.type === 'array' && isRecord(schema.items) ? enumOptions(schema.items) : undefined;
}

function kindOf(schema: Record<string, unknown>): FieldKind {
  if (enumOptions(schema)) return 'enum';
  if (multiOptions(schema)) return 'multi';
  const type: unknown = Array.isArray(schema.type) ? (schema.type as unknown[]).find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'integer':
      return 'integer';
    case 'boolean':
      return 'boolean';
    default:
      return 'json';
  }
}

const counts = ['minLength', 'maxLength'] as const;
const bounds = ['minimum', 'maximum'] as const;

function constraintsOf(schema: Record<string, unknown>, options: FieldSpec['options']): AnswerConstraints {
  const c: AnswerConstraints = {};
  for (const key of counts) {
    const n = schema[key];
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) c[key] = n;
  }
  for (const key of bounds) {
    const n = schema[key];
    if (typeof n === 'number') c[key] = n;
  }
  if (typeof schema.pattern === 'string') c.pattern = schema.pattern;
  if (typeof schema.format === 'string') c.format = schema.format;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) c.allowed = schema.enum;
  else if (options) c.allowed = options.map((o) => o.value);
  return c;
}

export function fieldsFromSchema(inputSchema: unknown): FieldSpec[] {
  if (!isRecord(inputSchema) || !isRecord(inputSchema.properties)) return [];
  const required = new Set(Array.isArray(inputSchema.required) ? inputSchema.required.filter((r) => typeof r === 'string') : []);
  return Object.entries(inputSchema.properties).map(([name, raw]) => {
    const schema = isRecord(raw) ? raw : {};
    const field: FieldSpec = {
      name,
      kind: kindOf(schema),
      label: typeof schema.title === 'string' && schema.title ? schema.title : name,
      required: required.has(name),
    };
    if (typeof schema.description === 'string') field.description = schema.description;
    if ('default' in schema) field.defaultValue = schema.default;
    if (field.kind === 'enum') field.options = enumOptions(schema);
    if (field.kind === 'multi') {
      field.options = multiOptions(schema);
      for (const key of ['minItems', 'maxItems'] as const) {
        const n = schema[key];
        if (typeof n === 'number' && Number.isInteger(n) && n >= 0) field[key] = n;
      }
      return field;
    }
    return Object.assign(field, constraintsOf(schema, field.options));
  });
}

export function initialValues(fields: readonly FieldSpec[]): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const d = field.defaultValue;
    if (field.kind === 'boolean') values[field.name] = d === true;
    else if (d === undefined) values[field.name] = '';
    else values[field.name] = typeof d === 'string' && field.kind !== 'json' ? d : JSON.stringify(d);
  }
  return values;
}

export type BuildOutcome = { ok: true; args: Record<string, unknown> } | { ok: false; errors: Record<string, string> };

/** One field's answer: its typed value (absent when an empty optional field is left out), or what is wrong with it. */
export type FieldOutcome = { ok: true; value?: unknown } | { ok: false; problem: string };

export function checkField(field: FieldSpec, value: string | boolean | undefined): FieldOutcome {
  if (field.kind === 'boolean') return { ok: true, value: value === true };
  if (field.kind === 'multi') return checkChoices(field, typeof value === 'string' ? value : '');
  const raw = typeof value === 'string' ? value : '';
  const text = raw.trim();
  if (text === '') return field.required ? { ok: false, problem: 'Required' } : { ok: true };
  const converted = convert(field.kind, text, raw);
  if (!converted.ok) return converted;
  const problem = checkAnswer(converted.value, field);
  return problem === undefined ? converted : { ok: false, problem };
}

/** The values of a multi-select's form value (a JSON array of the chosen values, or empty for none). */
export function chosenValues(value: string | boolean | undefined): string[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function checkChoices(field: FieldSpec, value: string): FieldOutcome {
  const chosen = chosenValues(value);
  const allowed = new Set(field.options?.map((o) => o.value));
  const stray = chosen.find((v) => !allowed.has(v));
  if (stray !== undefined) return { ok: false, problem: `Not one of the choices: ${stray}` };
  if (chosen.length === 0 && !field.required && !field.minItems) return { ok: true };
  if (field.minItems !== undefined && chosen.length < field.minItems) return { ok: false, problem: `Choose at least ${field.minItems}` };
  if (field.maxItems !== undefined && chosen.length > field.maxItems) return { ok: false, problem: `Choose at most ${field.maxItems}` };
  return { ok: true, value: chosen };
}

/**
 * Converts form values into tool arguments, checking each against its property's constraints.
 * Empty optional fields are left out so the server's defaults apply.
 */
export function buildArguments(fields: readonly FieldSpec[], values: FormValues): BuildOutcome {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const outcome = checkField(field, values[field.name]);
    if (!outcome.ok) errors[field.name] = outcome.problem;
    else if ('value' in outcome) args[field.name] = outcome.value;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, args };
}

function convert(kind: FieldKind, trimmed: string, raw: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  switch (kind) {
    case 'number':
    case 'integer': {
      const n = Number(trimmed);
      if (!Number.isFinite(n)) return { ok: false, problem: 'Enter a number' };
      if (kind === 'integer' && !Number.isInteger(n)) return { ok: false, problem: 'Enter a whole number' };
      return { ok: true, value: n };
    }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(trimmed) as unknown };
      } catch {
        return { ok: false, problem: 'Enter valid JSON' };
      }
    default:
      return { ok: true, value: raw };
  }
}

export type TaskSupport = 'forbidden' | 'optional' | 'required';

export function taskSupportOf(tool: { execution?: { taskSupport?: string } }): TaskSupport {
  const value = tool.execution?.taskSupport;
  return value === 'optional' || value === 'required' ? value : 'forbidden';
}

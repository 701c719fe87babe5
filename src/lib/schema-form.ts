/** Turns a tool's JSON Schema `inputSchema` into form fields, and form values back into arguments. Pure. */

export type FieldKind = 'string' | 'number' | 'integer' | 'boolean' | 'enum' | 'json';

export interface FieldSpec {
  name: string;
  kind: FieldKind;
  label: string;
  description?: string;
  required: boolean;
  defaultValue?: unknown;
  /** For enums: the value sent, and the label shown (a titled enum's title, else the value). */
  options?: Array<{ value: string; label: string }>;
  minimum?: number;
  maximum?: number;
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
    return (choices as Array<{ const: string; title?: unknown }>).map((c) => ({ value: c.const, label: typeof c.title === 'string' ? c.title : c.const }));
  }
  return undefined;
}

function kindOf(schema: Record<string, unknown>): FieldKind {
  if (enumOptions(schema)) return 'enum';
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
    if (typeof schema.minimum === 'number') field.minimum = schema.minimum;
    if (typeof schema.maximum === 'number') field.maximum = schema.maximum;
    return field;
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

/** Converts form values into tool arguments. Empty optional fields are left out so the server's defaults apply. */
export function buildArguments(fields: readonly FieldSpec[], values: FormValues): BuildOutcome {
  const args: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'boolean') {
      args[field.name] = value === true;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') {
      if (field.required) errors[field.name] = 'Required';
      continue;
    }
    switch (field.kind) {
      case 'number':
      case 'integer': {
        const n = Number(text);
        if (!Number.isFinite(n)) errors[field.name] = 'Enter a number';
        else if (field.kind === 'integer' && !Number.isInteger(n)) errors[field.name] = 'Enter a whole number';
        else if (field.minimum !== undefined && n < field.minimum) errors[field.name] = `At least ${field.minimum}`;
        else if (field.maximum !== undefined && n > field.maximum) errors[field.name] = `At most ${field.maximum}`;
        else args[field.name] = n;
        break;
      }
      case 'json':
        try {
          args[field.name] = JSON.parse(text);
        } catch {
          errors[field.name] = 'Enter valid JSON';
        }
        break;
      case 'enum':
      case 'string':
        args[field.name] = typeof value === 'string' ? value : '';
        break;
    }
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, args };
}

export type TaskSupport = 'forbidden' | 'optional' | 'required';

export function taskSupportOf(tool: { execution?: { taskSupport?: string } }): TaskSupport {
  const value = tool.execution?.taskSupport;
  return value === 'optional' || value === 'required' ? value : 'forbidden';
}

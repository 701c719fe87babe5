/** Form values from a tool call's arguments: the Run tool form filled in as a task was started (Re-run). Pure. */
import { initialValues, type FieldSpec, type FormValues } from './schema-form';

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * One form value per field, from `args`: a field the arguments leave out is left empty (the server's default
 * applied then, and applies again), except a checkbox, which takes its default. Arguments no field takes (the
 * tool's schema changed since) have no value here: see unusedArguments.
 */
export function valuesFromArguments(fields: readonly FieldSpec[], args: Readonly<Record<string, unknown>>): FormValues {
  const values = initialValues(fields);
  for (const field of fields) {
    if (!Object.hasOwn(args, field.name)) {
      if (field.kind !== 'boolean') values[field.name] = '';
      continue;
    }
    const value = args[field.name];
    if (field.kind === 'boolean') values[field.name] = value === true;
    else if (value === undefined || value === null) values[field.name] = field.kind === 'json' && value === null ? 'null' : '';
    else if (field.kind === 'multi') values[field.name] = JSON.stringify(Array.isArray(value) ? value : [value]);
    else if (field.kind === 'json') values[field.name] = JSON.stringify(value);
    else values[field.name] = asText(value);
  }
  return values;
}

/** The arguments no field of the form takes: the form cannot send them again. */
export function unusedArguments(fields: readonly FieldSpec[], args: Readonly<Record<string, unknown>>): string[] {
  const known = new Set(fields.map((f) => f.name));
  return Object.keys(args).filter((name) => !known.has(name));
}

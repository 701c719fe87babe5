import { Validator, type Schema } from '@cfworker/json-schema';
import { messageOf } from './errors';

export type SchemaCheck = { valid: true } | { valid: false; errors: string[] };

/** Validates a value against a JSON Schema without code generation (CSP-safe). Never throws. */
export function checkAgainstSchema(schema: unknown, value: unknown): SchemaCheck {
  try {
    const result = new Validator(schema as Schema, '2020-12', false).validate(value);
    if (result.valid) return { valid: true };
    const errors = result.errors
      .filter((e) => !/^Property|^Items did not match/.test(e.error) || result.errors.length === 1)
      .slice(0, 8)
      .map((e) => `${e.instanceLocation || '#'}: ${e.error}`);
    return { valid: false, errors: errors.length ? errors : ['does not match the schema'] };
  } catch (error) {
    return { valid: false, errors: [`The schema itself could not be used: ${messageOf(error)}`] };
  }
}

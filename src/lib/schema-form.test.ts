import { describe, expect, it } from 'vitest';
import { buildArguments, chosenValues, fieldsFromSchema, initialValues, taskSupportOf, type FormValues } from './schema-form';

const schema = {
  type: 'object',
  properties: {
    seconds: { type: 'number', default: 5, minimum: 0 },
    steps: { type: 'integer', default: 5 },
    label: { type: 'string', title: 'Label' },
    loud: { type: 'boolean', default: true },
    mode: { type: 'string', enum: ['fast', 'slow'] },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['label'],
};

describe('arguments form from an input schema', () => {
  it('makes one field per property with its kind, title and requiredness', () => {
    const fields = fieldsFromSchema(schema);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['seconds', 'number', false],
      ['steps', 'integer', false],
      ['label', 'string', true],
      ['loud', 'boolean', false],
      ['mode', 'enum', false],
      ['tags', 'json', false],
    ]);
    expect(fields[2]!.label).toBe('Label');
  });

  it('fills defaults and converts values back into typed arguments', () => {
    const fields = fieldsFromSchema(schema);
    const values: FormValues = { ...initialValues(fields), label: 'x', tags: '["a"]' };
    expect(values.seconds).toBe('5');
    expect(buildArguments(fields, values)).toEqual({ ok: true, args: { seconds: 5, steps: 5, label: 'x', loud: true, tags: ['a'] } });
  });

  it('explains invalid values per field', () => {
    const fields = fieldsFromSchema(schema);
    const outcome = buildArguments(fields, { ...initialValues(fields), seconds: '-1', steps: '2.5', tags: '[' });
    expect(outcome).toEqual({
      ok: false,
      errors: { seconds: 'At least 0', steps: 'Enter a whole number', label: 'Required', tags: 'Enter valid JSON' },
    });
  });

  it('reads a multi-select enum (SEP-1330), plain or titled, and checks how many are chosen', () => {
    const fields = fieldsFromSchema({
      type: 'object',
      properties: {
        to: {
          type: 'array',
          minItems: 1,
          maxItems: 2,
          items: {
            anyOf: [
              { const: 'email', title: 'Email' },
              { const: 'slack', title: 'Slack' },
              { const: 'archive', title: 'Archive' },
            ],
          },
          default: ['email'],
        },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
      },
      required: ['to'],
    });
    expect(fields.map((f) => [f.kind, f.options?.map((o) => o.label)])).toEqual([
      ['multi', ['Email', 'Slack', 'Archive']],
      ['multi', ['a', 'b']],
    ]);
    const values = initialValues(fields);
    expect(chosenValues(values.to)).toEqual(['email']);
    // An optional one left empty is left out; the chosen values go as an array.
    expect(buildArguments(fields, values)).toEqual({ ok: true, args: { to: ['email'] } });
    expect(buildArguments(fields, { to: '["email","slack"]', tags: '["b"]' })).toEqual({
      ok: true,
      args: { to: ['email', 'slack'], tags: ['b'] },
    });
    expect(buildArguments(fields, { to: '[]', tags: '' })).toEqual({ ok: false, errors: { to: 'Choose at least 1' } });
    expect(buildArguments(fields, { to: '["email","slack","archive"]', tags: '' })).toEqual({
      ok: false,
      errors: { to: 'Choose at most 2' },
    });
    expect(buildArguments(fields, { to: '["fax"]', tags: '' })).toEqual({ ok: false, errors: { to: 'Not one of the choices: fax' } });
  });

  it('reads titled enums (oneOf const/title) and legacy enumNames as labelled options', () => {
    const fields = fieldsFromSchema({
      type: 'object',
      properties: {
        size: {
          type: 'string',
          oneOf: [
            { const: 's', title: 'Small' },
            { const: 'l', title: 'Large' },
          ],
          default: 'l',
        },
        colour: { type: 'string', enum: ['r', 'g'], enumNames: ['Red', 'Green'] },
      },
    });
    expect(fields.map((f) => [f.kind, f.options])).toEqual([
      [
        'enum',
        [
          { value: 's', label: 'Small' },
          { value: 'l', label: 'Large' },
        ],
      ],
      [
        'enum',
        [
          { value: 'r', label: 'Red' },
          { value: 'g', label: 'Green' },
        ],
      ],
    ]);
    expect(initialValues(fields)).toEqual({ size: 'l', colour: '' });
  });

  it('reads taskSupport, defaulting to forbidden', () => {
    expect(taskSupportOf({})).toBe('forbidden');
    expect(taskSupportOf({ execution: { taskSupport: 'required' } })).toBe('required');
    expect(taskSupportOf({ execution: { taskSupport: 'weird' } })).toBe('forbidden');
  });
});

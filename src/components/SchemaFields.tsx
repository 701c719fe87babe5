import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  buildArguments,
  checkField,
  fieldsFromSchema,
  initialValues,
  type BuildOutcome,
  type FieldSpec,
  type FormValues,
} from '../lib/schema-form';
import { valuesFromArguments } from '../lib/schema-prefill';
import { SchemaField } from './SchemaField';

export interface SchemaAnswers {
  fields: readonly FieldSpec[];
  values: FormValues;
  errors: Readonly<Record<string, string>>;
  setValue: (name: string, value: string | boolean) => void;
  /** Checks every answer and builds the arguments; when one is wrong, shows why beside it and focuses the first such field. */
  submit: () => BuildOutcome;
  /** Unique in the page; each field's control is `${idBase}-${index}`. */
  idBase: string;
}

/**
 * The answers to an object schema's properties (a tool's arguments, an elicitation's content), starting from its
 * defaults, or from `prefill` (arguments to fill in, as a task was started: Re-run).
 */
export function useSchemaAnswers(schema: unknown, prefill?: Readonly<Record<string, unknown>>): SchemaAnswers {
  const fields = useMemo(() => fieldsFromSchema(schema), [schema]);
  const [values, setValues] = useState<FormValues>(() => (prefill ? valuesFromArguments(fields, prefill) : initialValues(fields)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const idBase = useId();
  const focusFirstInvalid = useRef(false);

  // Focus moves once the messages are on screen, so the field is announced with its message.
  useEffect(() => {
    if (!focusFirstInvalid.current) return;
    focusFirstInvalid.current = false;
    const first = fields.findIndex((f) => errors[f.name] !== undefined);
    if (first >= 0) document.getElementById(`${idBase}-${first}`)?.focus();
  });

  const setValue = useCallback(
    (name: string, value: string | boolean) => {
      setValues((v) => ({ ...v, [name]: value }));
      // A field already shown wrong is checked again as it is edited, so its message goes once it is fixed.
      const field = fields.find((f) => f.name === name);
      setErrors((current) => {
        if (current[name] === undefined || !field) return current;
        const outcome = checkField(field, value);
        if (!outcome.ok) return { ...current, [name]: outcome.problem };
        const { [name]: _fixed, ...rest } = current;
        return rest;
      });
    },
    [fields],
  );

  const submit = () => {
    const built = buildArguments(fields, values);
    setErrors(built.ok ? {} : built.errors);
    focusFirstInvalid.current = !built.ok;
    return built;
  };

  return { fields, values, errors, setValue, submit, idBase };
}

/** The list of fields for an object schema's properties, each with its own message when its answer is wrong. */
export function SchemaFields({ answers, empty }: { answers: SchemaAnswers; empty?: ReactNode }) {
  const { fields, values, errors, setValue, idBase } = answers;
  return (
    <>
      {fields.length === 0 ? empty : null}
      <div className="fields">
        {fields.map((field, i) => (
          <SchemaField
            key={field.name}
            id={`${idBase}-${i}`}
            field={field}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onChange={(value) => setValue(field.name, value)}
          />
        ))}
      </div>
    </>
  );
}

import { patternProblem } from '../lib/schema-answers';
import { chosenValues, type FieldSpec } from '../lib/schema-form';

interface SchemaFieldProps {
  field: FieldSpec;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
  /** The control's id, unique in the page; its error message's id is derived from it. */
  id: string;
}

/** One labelled input for one property of a JSON Schema object (tool arguments, elicitation answers). */
export function SchemaField({ field, value, error, onChange, id }: SchemaFieldProps) {
  const label = (
    <span>
      {field.label}
      {field.required ? <span aria-hidden="true"> *</span> : null}
      <span className="field-kind"> {field.kind}</span>
    </span>
  );
  const errorId = `${id}-error`;
  const validity = {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  } as const;
  const unchecked = patternProblem(field);
  let control;
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="field checkbox" title={field.description}>
          <input id={id} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
      );
    case 'multi': {
      // A multi-select (SEP-1330): one checkbox per choice, in a group named by the field.
      const chosen = chosenValues(value);
      const toggle = (option: string, on: boolean) =>
        onChange(JSON.stringify(field.options?.map((o) => o.value).filter((v) => (v === option ? on : chosen.includes(v))) ?? []));
      return (
        <fieldset
          className="field multi-field"
          title={field.description}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        >
          <legend>{label}</legend>
          {field.options?.map((o, i) => (
            <label key={o.value} className="checkbox">
              <input
                // The first choice carries the field's id: an invalid field is focused by it.
                id={i === 0 ? id : undefined}
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              {o.label}
            </label>
          ))}
          {field.description ? <small className="muted">{field.description}</small> : null}
          {error ? (
            <small className="error-text" id={errorId}>
              {error}
            </small>
          ) : null}
        </fieldset>
      );
    }
    case 'enum':
      control = (
        <select id={id} value={String(value)} onChange={(e) => onChange(e.target.value)} {...validity}>
          {field.required ? null : <option value="">(default)</option>}
          {field.options?.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
      break;
    case 'json':
      control = (
        <textarea
          id={id}
          className="mono"
          rows={3}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          {...validity}
          spellCheck={false}
        />
      );
      break;
    default:
      control = (
        <input
          id={id}
          type={field.kind === 'string' ? 'text' : 'number'}
          step={field.kind === 'integer' ? 1 : 'any'}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          {...validity}
          required={field.required}
        />
      );
  }
  return (
    <label className="field" title={field.description}>
      {label}
      {control}
      {field.description ? <small className="muted">{field.description}</small> : null}
      {unchecked ? <small className="muted">{unchecked}</small> : null}
      {error ? (
        <small className="error-text" id={errorId}>
          {error}
        </small>
      ) : null}
    </label>
  );
}

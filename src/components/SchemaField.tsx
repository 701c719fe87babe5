import type { FieldSpec } from '../lib/schema-form';

interface SchemaFieldProps {
  field: FieldSpec;
  value: string | boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
  idPrefix?: string;
}

/** One labelled input for one property of a JSON Schema object (tool arguments, elicitation answers). */
export function SchemaField({ field, value, error, onChange, idPrefix = 'arg' }: SchemaFieldProps) {
  const label = (
    <span>
      {field.label}
      {field.required ? <span aria-hidden="true"> *</span> : null}
      <span className="field-kind"> {field.kind}</span>
    </span>
  );
  const describedBy = error ? `${idPrefix}-${field.name}-error` : undefined;
  let control;
  switch (field.kind) {
    case 'boolean':
      return (
        <label className="field checkbox" title={field.description}>
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </label>
      );
    case 'enum':
      control = (
        <select value={String(value)} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy}>
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
          className="mono"
          rows={3}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          spellCheck={false}
        />
      );
      break;
    default:
      control = (
        <input
          type={field.kind === 'string' ? 'text' : 'number'}
          step={field.kind === 'integer' ? 1 : 'any'}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          required={field.required}
        />
      );
  }
  return (
    <label className="field" title={field.description}>
      {label}
      {control}
      {field.description ? <small className="muted">{field.description}</small> : null}
      {error ? (
        <small className="error-text" id={describedBy}>
          {error}
        </small>
      ) : null}
    </label>
  );
}

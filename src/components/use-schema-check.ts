import { useEffect, useState } from 'react';
import { checkInWorker, type SchemaVerdict } from '../lib/schema-check';

/** Validates once per schema and value, in a worker with a time limit; undefined while it runs. */
export function useSchemaCheck(schema: unknown, value: unknown): SchemaVerdict | undefined {
  const [state, setState] = useState<{ schema: unknown; value: unknown; verdict: SchemaVerdict } | undefined>();
  useEffect(() => {
    if (schema === undefined) return;
    let live = true;
    void checkInWorker(schema, value).then((verdict) => {
      if (live) setState({ schema, value, verdict });
    });
    return () => {
      live = false;
    };
  }, [schema, value]);
  return state && state.schema === schema && state.value === value ? state.verdict : undefined;
}

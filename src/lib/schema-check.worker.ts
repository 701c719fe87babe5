/// <reference lib="webworker" />
// Checks a value against a tool's outputSchema off the main thread: a schema's `pattern` can backtrack for ever.
import { checkAgainstSchema, type SchemaCheck } from './json-schema';
import { serveWorker } from './timed-worker';

serveWorker(self, ({ schema, value }: { schema: unknown; value: unknown }): SchemaCheck => checkAgainstSchema(schema, value));

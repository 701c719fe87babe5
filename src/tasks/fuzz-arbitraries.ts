/** fast-check arbitraries shared by the fuzz tests (test-only; the app never imports this). */
import fc from 'fast-check';
import { TASK_STATUSES } from './status';

/** Mostly task-shaped objects with every field sometimes wrong, plus arbitrary JSON. */
export const taskLike = fc.oneof(
  fc.record(
    {
      taskId: fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.string(), fc.integer(), fc.constant(null)),
      status: fc.oneof(fc.constantFrom(...TASK_STATUSES), fc.string(), fc.constant(undefined)),
      statusMessage: fc.oneof(fc.string(), fc.integer(), fc.constant(undefined)),
      createdAt: fc.oneof(
        fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'not a date' : d.toISOString())),
        fc.string(),
        fc.constant(undefined),
      ),
      lastUpdatedAt: fc.oneof(
        fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'bad' : d.toISOString())),
        fc.string(),
      ),
      ttl: fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.constant(-1), fc.constant(1e300), fc.string()),
      pollInterval: fc.oneof(fc.integer(), fc.double(), fc.constant(0), fc.constant(undefined)),
    },
    { requiredKeys: [] },
  ),
  fc.jsonValue(),
);

const contentBlockLike = fc.oneof(
  fc.record({ type: fc.constant('text'), text: fc.oneof(fc.string(), fc.integer()) }, { requiredKeys: ['type'] }),
  fc.record(
    {
      type: fc.constant('image'),
      mimeType: fc.oneof(fc.constantFrom('image/png', 'text/html'), fc.string()),
      data: fc.oneof(fc.base64String(), fc.string()),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record({ type: fc.constant('resource_link'), uri: fc.oneof(fc.webUrl(), fc.string()), name: fc.string() }, { requiredKeys: ['type'] }),
  fc.record({ type: fc.constant('resource'), resource: fc.oneof(fc.record({ uri: fc.string(), text: fc.string() }), fc.jsonValue()) }),
  fc.jsonValue(),
);

export const resultLike = fc.oneof(
  fc.record(
    {
      content: fc.array(contentBlockLike, { maxLength: 4 }),
      isError: fc.oneof(fc.boolean(), fc.string()),
      structuredContent: fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.jsonValue()),
    },
    { requiredKeys: [] },
  ),
  fc.record({ taskId: fc.string(), status: fc.string(), result: fc.oneof(fc.constant(null), fc.jsonValue()) }),
  fc.record({ contents: fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue()) }),
  fc.record({ action: fc.oneof(fc.constantFrom('accept', 'decline', 'cancel'), fc.string()), content: fc.jsonValue() }),
  fc.jsonValue(),
);

import { memo } from 'react';
import type { CallToolResult, CreateMessageResult, ElicitResult, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { useSchemaCheck } from '../../components/use-schema-check';
import type { ContentSlot, FetchedResult, InvalidBlock } from '../../tasks/result';
import { ContentBlockView } from './ContentBlockView';
import { JsonTree } from './JsonTree';
import { PagedBlocks } from './PagedBlocks';
import { ResourceView } from './ResourceView';

function StructuredContent({ value, outputSchema }: { value: Record<string, unknown>; outputSchema: unknown }) {
  // Validated in a worker with a time limit, once per result: a schema's pattern can backtrack for ever.
  const check = useSchemaCheck(outputSchema, value);
  return (
    <div className="structured">
      <h3>Structured content</h3>
      {outputSchema === undefined ? (
        <p className="muted small">No outputSchema known for this tool: not validated.</p>
      ) : check === undefined ? (
        <p className="muted small" aria-busy="true">
          Checking against the tool’s outputSchema…
        </p>
      ) : check.valid === 'abandoned' ? (
        <p className="warning-text small" role="note">
          Not validated: checking against the tool’s outputSchema was stopped because {check.reason} (a pattern in the schema may backtrack
          catastrophically on this value).
        </p>
      ) : check.valid ? (
        <p className="valid-text small">✓ Valid against the tool’s outputSchema</p>
      ) : (
        <div className="error-text small" role="alert">
          ✕ Does not match the tool’s outputSchema:
          <ul>
            {check.errors.map((e) => (
              <li key={e} className="mono">
                {e}
              </li>
            ))}
          </ul>
        </div>
      )}
      <JsonTree value={value} label="structuredContent" />
    </div>
  );
}

function InvalidBlockView({ block }: { block: InvalidBlock }) {
  return (
    <div className="invalid-block">
      <p className="error-text small" role="alert">
        This content block does not validate: {block.error}
      </p>
      <JsonTree value={block.raw} label="block" openDepth={1} />
    </div>
  );
}

function CallToolView({ value, slots, outputSchema }: { value: CallToolResult; slots?: ContentSlot[] | undefined; outputSchema: unknown }) {
  return (
    <div className="call-tool-result">
      {value.isError ? (
        <p className="failure-banner" role="alert">
          ✕ The tool reported an error (isError).
        </p>
      ) : null}
      {value.content.length === 0 ? <p className="muted">No content blocks.</p> : null}
      {slots ? (
        <PagedBlocks
          items={slots}
          className={(slot) => ('valid' in slot ? `block-${slot.valid.type}` : 'block-invalid')}
          render={(slot) => ('valid' in slot ? <ContentBlockView block={slot.valid} /> : <InvalidBlockView block={slot.invalid} />)}
        />
      ) : (
        <PagedBlocks
          items={value.content}
          className={(block) => `block-${block.type}`}
          render={(block) => <ContentBlockView block={block} />}
        />
      )}
      {value.structuredContent !== undefined ? <StructuredContent value={value.structuredContent} outputSchema={outputSchema} /> : null}
      {value._meta ? <JsonTree value={value._meta} label="_meta" openDepth={1} /> : null}
    </div>
  );
}

function ReadResourceView({ value }: { value: ReadResourceResult }) {
  return <PagedBlocks items={value.contents} render={(c) => <ResourceView resource={c} />} />;
}

function ElicitView({ value }: { value: ElicitResult }) {
  return (
    <div>
      <p>
        Elicitation answered: <strong>{value.action}</strong>
      </p>
      {value.content ? <JsonTree value={value.content} label="content" /> : null}
    </div>
  );
}

function CreateMessageView({ value }: { value: CreateMessageResult }) {
  const blocks = Array.isArray(value.content) ? value.content : [value.content];
  return (
    <div>
      <p className="muted">
        {value.role} message from <span className="mono">{value.model}</span>
        {value.stopReason ? ` (stop: ${value.stopReason})` : ''}
      </p>
      <JsonTree value={blocks} label="content" />
    </div>
  );
}

interface ParsedViewProps {
  result: FetchedResult;
  outputSchema: unknown;
}

/**
 * The typed view of a result, chosen exhaustively by its validated kind. Drawn again only for another reading of
 * the result: a copy of the same result with another keep state (its local copy written) shares the reading, and a
 * large result's view is not walked again for it.
 */
export const ParsedView = memo(TypedView, (a: ParsedViewProps, b: ParsedViewProps) => {
  return a.outputSchema === b.outputSchema && a.result.parsed === b.result.parsed;
});

function TypedView({ result, outputSchema }: ParsedViewProps) {
  const parsed = result.parsed;
  switch (parsed.kind) {
    case 'no-result':
      return <p className="empty">The task ended {parsed.status} and the server returned no result (result: null).</p>;
    case 'invalid':
      return (
        <div className="invalid-result">
          <p className="error-text" role="alert">
            This result does not validate: {parsed.error}
          </p>
          <JsonTree value={result.raw} label="result" />
        </div>
      );
    case 'call-tool':
      return <CallToolView value={parsed.value} slots={parsed.slots} outputSchema={outputSchema} />;
    case 'read-resource':
      return <ReadResourceView value={parsed.value} />;
    case 'elicit':
      return <ElicitView value={parsed.value} />;
    case 'create-message':
      return <CreateMessageView value={parsed.value} />;
    default: {
      const unknown: never = parsed;
      return <JsonTree value={unknown} label="result" />;
    }
  }
}

import { useEffect, useState } from 'react';
import { timedWorker } from '../../lib/timed-worker';
import type { MarkdownTree } from './markdown-tree';

/** How long the worker may take over one text before it is stopped and the text shown plain. */
const MARKDOWN_TIME_LIMIT_MS = 3000;

const parser = timedWorker<string, MarkdownTree>(() => new Worker(new URL('./markdown.worker.ts', import.meta.url), { type: 'module' }));

async function parse(text: string): Promise<MarkdownTree> {
  // Where there are no workers (jsdom in unit tests) the same parse runs here.
  if (typeof Worker === 'undefined') return import('./markdown-tree').then(({ markdownTree }) => markdownTree(text));
  const answer = await parser.run(text, MARKDOWN_TIME_LIMIT_MS);
  return answer.done ? answer.value : { ok: false, reason: `parsing ${answer.reason}` };
}

/** Starts the parser's worker (parsing an empty text) so the first markdown result does not wait for it to load. */
export function warmMarkdownParser(): void {
  if (typeof Worker !== 'undefined') void parser.run('', MARKDOWN_TIME_LIMIT_MS);
}

/** The safe tree for a markdown text, parsed off the main thread; undefined while parsing. */
export function useMarkdownTree(text: string): MarkdownTree | undefined {
  const [state, setState] = useState<{ text: string; result: MarkdownTree } | undefined>();
  useEffect(() => {
    let live = true;
    void parse(text).then((result) => {
      if (live) setState({ text, result });
    });
    return () => {
      live = false;
    };
  }, [text]);
  return state?.text === text ? state.result : undefined;
}

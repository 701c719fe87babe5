/**
 * Over-long statusMessages, clipped in the response worker before the main thread sees them. A hostile server can
 * send a megabyte of statusMessage in every push and every tasks/get or tasks/list answer; the page only ever draws
 * the start of one (LongMessage), but parsing, validating, logging and comparing a megabyte on the main thread each
 * time holds it for tens of milliseconds. The worker cuts each one (lib/clipped-text.ts) and hands the whole text
 * on beside the message, for the main thread to hold for copying.
 */
import { clipText, type ClippedText } from '../lib/clipped-text';

/** A statusMessage longer than this is clipped (to its first CLIP_CHARS characters). */
export const CLIP_ABOVE = 8_192;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clipTask(task: unknown, out: ClippedText[]): void {
  if (!isRecord(task) || typeof task.taskId !== 'string') return;
  const message = task.statusMessage;
  if (typeof message !== 'string' || message.length <= CLIP_ABOVE) return;
  const clipped = clipText(message);
  task.statusMessage = clipped;
  out.push({ clipped, full: message });
}

/**
 * Clips, in place, the over-long statusMessage of every task a JSON-RPC message (or batch) carries where tasks are
 * carried: a status push's params, a tasks/get answer, tasks/list's `tasks`, a created task's `task`. Nothing else
 * is touched (a tool's result is shown whole). Returns what was clipped, with the whole texts.
 */
export function clipTaskMessages(message: unknown): ClippedText[] {
  const out: ClippedText[] = [];
  for (const m of Array.isArray(message) ? message : [message]) {
    if (!isRecord(m) || m.jsonrpc !== '2.0') continue;
    for (const holder of [m.result, m.params]) {
      if (!isRecord(holder)) continue;
      clipTask(holder, out);
      clipTask(holder.task, out);
      if (Array.isArray(holder.tasks)) for (const task of holder.tasks) clipTask(task, out);
    }
  }
  return out;
}

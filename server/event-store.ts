import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Keeps the last `perStream` events of every SSE stream so a client that lost its GET stream can resume it
 * with Last-Event-ID and receive what it missed. Event ids are `<streamId>:<sequence>`.
 */
export class RingEventStore implements EventStore {
  private readonly streams = new Map<string, Array<{ id: string; seq: number; message: JSONRPCMessage }>>();
  private seq = 0;

  /**
   * `perStream` events per stream, and the `maxStreams` streams written to last: every POST answered as an SSE
   * stream is a stream of its own, and a session's life must not keep them all.
   */
  constructor(
    private readonly perStream = 1000,
    private readonly maxStreams = 32,
  ) {}

  get streamCount(): number {
    return this.streams.size;
  }

  get eventCount(): number {
    let n = 0;
    for (const events of this.streams.values()) n += events.length;
    return n;
  }

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const seq = ++this.seq;
    const id = `${streamId}:${seq}`;
    let events = this.streams.get(streamId);
    if (events) this.streams.delete(streamId);
    else events = [];
    // Re-inserted: the map's first stream is the one written to longest ago, the one to forget.
    this.streams.set(streamId, events);
    for (const oldest of this.streams.keys()) {
      if (this.streams.size <= this.maxStreams) break;
      this.streams.delete(oldest);
    }
    events.push({ id, seq, message });
    if (events.length > this.perStream) events.splice(0, events.length - this.perStream);
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const cut = eventId.lastIndexOf(':');
    return Promise.resolve(cut > 0 ? eventId.slice(0, cut) : undefined);
  }

  async replayEventsAfter(
    lastEventId: string,
    { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> },
  ): Promise<string> {
    const cut = lastEventId.lastIndexOf(':');
    const streamId = cut > 0 ? lastEventId.slice(0, cut) : '';
    const after = Number(lastEventId.slice(cut + 1));
    for (const event of this.streams.get(streamId) ?? []) {
      if (event.seq > after) await send(event.id, event.message);
    }
    return streamId;
  }
}

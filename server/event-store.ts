import type { EventStore } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * Keeps the last `perStream` events of every SSE stream so a client that lost its GET stream can resume it
 * with Last-Event-ID and receive what it missed. Event ids are `<streamId>:<sequence>`.
 */
export class RingEventStore implements EventStore {
  private readonly streams = new Map<string, Array<{ id: string; seq: number; message: JSONRPCMessage }>>();
  private seq = 0;

  constructor(private readonly perStream = 1000) {}

  storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const seq = ++this.seq;
    const id = `${streamId}:${seq}`;
    let events = this.streams.get(streamId);
    if (!events) this.streams.set(streamId, (events = []));
    events.push({ id, seq, message });
    if (events.length > this.perStream) events.splice(0, events.length - this.perStream);
    return Promise.resolve(id);
  }

  getStreamIdForEventId(eventId: string): Promise<string | undefined> {
    const cut = eventId.lastIndexOf(':');
    return Promise.resolve(cut > 0 ? eventId.slice(0, cut) : undefined);
  }

  async replayEventsAfter(lastEventId: string, { send }: { send: (eventId: string, message: JSONRPCMessage) => Promise<void> }): Promise<string> {
    const cut = lastEventId.lastIndexOf(':');
    const streamId = cut > 0 ? lastEventId.slice(0, cut) : '';
    const after = Number(lastEventId.slice(cut + 1));
    for (const event of this.streams.get(streamId) ?? []) {
      if (event.seq > after) await send(event.id, event.message);
    }
    return streamId;
  }
}

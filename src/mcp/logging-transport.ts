import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo } from '@modelcontextprotocol/sdk/types.js';
import { peekOffloaded } from './offload';
import type { ProtocolLog } from './protocol-log';

/** A transport that writes every message it carries, both ways, to the protocol log, and otherwise delegates. */
export class LoggingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;

  constructor(
    readonly inner: Transport,
    private readonly log: ProtocolLog,
  ) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      const offloaded = 'result' in message ? peekOffloaded(message.result) : undefined;
      if (offloaded) {
        // A large result parsed in the response worker: logged with its real size, not copied or measured again.
        this.log.record(
          'in',
          {
            jsonrpc: '2.0',
            id: offloaded.id,
            result: `(${offloaded.size} characters: a large result, parsed off the main thread; shown in the Result region)`,
          },
          Date.now(),
          offloaded.messageSize,
        );
      } else this.log.record('in', message);
      this.onmessage?.(message, extra);
    };
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    this.log.record('out', message);
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }
}

// Preload (node --import) that pins every listening socket to 127.0.0.1: for third-party servers in tests that
// would otherwise listen on every interface.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function pinnedListen(...args) {
  const [first] = args;
  if (typeof first === 'number' || (typeof first === 'string' && /^\d+$/.test(first))) {
    const callback = args.find((a) => typeof a === 'function');
    return listen.call(this, { port: Number(first), host: '127.0.0.1' }, callback);
  }
  if (first && typeof first === 'object' && !('path' in first) && !('fd' in first) && !('handle' in first)) {
    args[0] = { ...first, host: '127.0.0.1' };
  }
  return listen.apply(this, args);
};

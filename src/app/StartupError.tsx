import { SERVERS_KEY } from '../mcp/saved-servers';
import { messageOf } from '../lib/errors';

/** What the page shows instead of a blank screen when it cannot start: what failed and what to try. */
export function StartupError({ error }: { error: unknown }) {
  const message = messageOf(error);
  const forgetServers = () => {
    try {
      sessionStorage.removeItem(SERVERS_KEY);
    } catch {
      // Nothing stored, or storage unavailable: the reload starts clean either way.
    }
    window.location.assign(window.location.pathname);
  };
  return (
    <main className="startup-error" role="alert" aria-labelledby="startup-error-title">
      <h1 id="startup-error-title">Taskdeck could not start</h1>
      <p>
        <span className="mono">{message}</span>
      </p>
      <p>What to try:</p>
      <ul>
        <li>
          <a href={window.location.pathname}>Open the dashboard without this link</a> (the server and task in the address bar are left out).
        </li>
        <li>
          <button type="button" className="button small" onClick={forgetServers}>
            Forget this tab’s servers and reload
          </button>{' '}
          (the connections and credentials kept in this tab are cleared; kept results stay).
        </li>
      </ul>
    </main>
  );
}

// First, so its @layer order statement comes before any feature's stylesheet.
import './styles.css';
import './mcp/zod-setup';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient, Providers } from './app/providers';
import { RootBoundary } from './app/RootBoundary';
import { StartupError } from './app/StartupError';
import { startUrlSync } from './app/url-state';
import { startThemeSync } from './components/display-prefs';
import { completeCallback } from './mcp/oauth';
import { holdResultsWithin } from './tasks/result-residency';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);

// A failure while starting shows what to do instead of leaving the page blank.
try {
  startThemeSync();
  // Back from an authorization server: the code is taken and the address bar restored before the URL is read.
  completeCallback();
  startUrlSync();
  const queryClient = createQueryClient();
  // Results past the newest few live in IndexedDB only (a long day's results do not all stay in memory).
  holdResultsWithin(queryClient);
  // A transition: the first render yields to the browser every few milliseconds, so the connect started just above
  // (its initialize answer, the initialized notification) goes on while the app is rendered, not after.
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <RootBoundary>
          <Providers client={queryClient}>
            <App />
          </Providers>
        </RootBoundary>
      </StrictMode>,
    ),
  );
} catch (error) {
  console.error('Taskdeck could not start', error);
  reactRoot.render(<StartupError error={error} />);
}

import './mcp/zod-setup';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createQueryClient, Providers } from './app/providers';
import { startUrlSync } from './app/url-state';
import { startThemeSync } from './components/display-prefs';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

startThemeSync();
startUrlSync();
createRoot(root).render(
  <StrictMode>
    <Providers client={createQueryClient()}>
      <App />
    </Providers>
  </StrictMode>,
);

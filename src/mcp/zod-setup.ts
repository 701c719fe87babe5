import { z } from 'zod';

// zod 4 probes `new Function` while building schemas; the dashboard must run under a CSP without unsafe-eval.
// This module is imported before anything that loads the MCP SDK.
z.config({ jitless: true });

import { z } from 'zod';

// zod 4 probes `new Function` while building schemas; the dashboard must run under a CSP without unsafe-eval.
// This module is imported before anything that loads the MCP SDK (enough in dev and in tests). A build splits modules
// into chunks whose order of evaluation is its own: there, server/zod-jitless.ts sets the flag inside zod's core module.
z.config({ jitless: true });

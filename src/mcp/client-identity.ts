/** Who the dashboard says it is in `initialize`, and what it offers the server (2025-11-25 and the seed's dialect). */
export const CLIENT_INFO = { name: 'taskdeck', title: 'Taskdeck', version: '0.1.0' };
export const CLIENT_CAPABILITIES = { tasks: { list: {}, cancel: {} }, elicitation: { form: {} } };

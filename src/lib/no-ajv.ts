/**
 * Stands in for the SDK's ajv-based validator in the browser build (see vite.config.ts). The dashboard always
 * passes its own validator (mcp/checked-elsewhere: results are checked in a worker), which keeps ajv (about 35 KB
 * gzipped) out of the bundle. Constructing this means a Client was created without a validator: say so.
 */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error('ajv is not bundled: pass a jsonSchemaValidator (mcp/checked-elsewhere) to the MCP Client');
  }
}

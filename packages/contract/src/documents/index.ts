export { asyncApiDocument } from './asyncapi';
export { CODE_MEANINGS, openApiDocument, operations } from './openapi';

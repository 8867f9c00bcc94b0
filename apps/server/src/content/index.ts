/** The content area's face: all that other areas and the composition root use of it. */
export { contentAdminRoutes } from './admin.routes';
export { contentRoutes } from './routes';
export { seedContent } from './seed';

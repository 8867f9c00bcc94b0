/** The preferences area's face: all that other areas and the composition root use of it. */
export { preferencesRoutes } from './routes';

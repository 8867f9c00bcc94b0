/** The uploads area's face: all that other areas and the composition root use of it. */
export { uploadRoutes } from './routes';
export { deleteUnusedUploads } from './service';

/** The ws area's face: all that other areas and the composition root use of it. */
export { Gateway } from './gateway';
export { tellPresence } from './presence';
export { websocketRoutes } from './routes';

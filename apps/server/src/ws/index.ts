/** The ws area's face: all that other areas and the composition root use of it. */
export { Gateway } from './gateway';
export { nodePlaces, sharedPlaces } from './places';
export { tellPresence } from './presence';
export { websocketRoutes } from './routes';

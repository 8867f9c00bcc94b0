/** The ws area's face: all that other areas and the composition root use of it. */
export { Gateway } from './gateway';
export { nodePlaces, sharedPlaces } from './places';
export { websocketRoutes } from './routes';

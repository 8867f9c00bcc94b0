/** The invite area's face: all that other areas and the composition root use of it. */
export { inviteRoutes } from './routes';
